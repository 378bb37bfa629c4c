import { defineMessages } from '../../i18n/i18n.js';

/** The Terms of Service; a section's paragraphs are separated by line breaks. */
export const termsMessages = defineMessages({
  'zh-CN': {
    intro:
      '本协议是您与北京海外缴费科技有限公司（以下简称“我们”）之间关于使用本网站缴费服务的约定。请在注册或提交订单前仔细阅读；勾选同意即表示您已阅读并接受本协议。',
    'service.title': '一、服务内容',
    'service.body':
      '我们帮助中国境内的学生和患者向境外的医院、诊所和学校缴纳外币费用：您按换算后的金额支付人民币，经合作银行审核后，款项以外币汇给收款机构。\n您支付的款项进入受监管的支付机构的备付金账户，我们无法动用您的资金。\n我们不是收款机构。收款机构提供的医疗或教育服务、收费标准和退费规则，由收款机构自行负责。',
    'orders.title': '二、订单与汇率',
    'orders.body':
      '提交订单时，您需要填写应缴的外币金额（每笔不低于 3000 个收款币种单位）、收款机构的账户信息以及付款人和患者的信息。请确保信息真实、准确；信息有误可能导致汇款延误或被退回。\n填写金额时显示的人民币金额仅为预估。确认订单前，页面会列明适用的汇率及其中包含的加价（即我们的服务费）。您确认订单时汇率即被锁定，此后不再随市场汇率变动。',
    'deadline.title': '三、付款期限',
    'deadline.body':
      '确认订单后，请在订单页面显示的截止日期之前支付订单所列的人民币金额。截止日期前未收到款项的，订单将自动取消，锁定的汇率随之失效。\n实际到账金额少于订单金额的，我们会通知您补足差额；补足之前，订单不会继续办理。',
    'documents.title': '四、银行审核材料',
    'documents.body':
      '按照外汇管理和反洗钱规定，银行须核实每笔付款的真实性和资金用途。您需要上传付款人的护照照片和收款机构出具的缴费单；缴费单须显示全部金额和收款账户信息，建议上传 PDF 文件。\n银行可能要求补充材料。材料不全或审核未通过的，银行不会汇出款项。\n审核通过后，银行在工作日办理汇款。款项到账时间取决于收款方银行，我们无法保证具体的到账日期。',
    'refunds.title': '五、退款',
    'refunds.body':
      '您多付的金额，我们会退回您的原付款账户。\n订单在款项汇出前被取消或银行审核未通过的，您已支付的款项将退回原付款账户。退款通常在发起后 3 个工作日内到账。\n款项汇出后如需退还，须由收款机构按其规定办理；您可以联系客服寻求协助。',
    'duties.title': '六、您的义务',
    'duties.body':
      '请妥善保管您的账户和密码，不要与他人共用账户。\n您提交的信息和材料应当真实、完整，并且您有权提供其中涉及的他人（例如患者）的信息。我们如何处理这些信息，请见《隐私政策》。\n不得利用本服务从事洗钱、逃避外汇管理或其他违法活动。对可疑的订单，我们和银行可以拒绝办理，并依法向有关部门报告。',
    'changes.title': '七、协议变更与联系我们',
    'changes.body':
      '我们可能更新本协议，更新后的版本在本页面发布并注明更新日期。\n本协议适用中华人民共和国法律。如您对本协议或您的订单有任何疑问，请联系我们的客服。',
  },
  'en-US': {
    intro:
      'These terms are the agreement between you and Beijing Overseas Payment Technology Co., Ltd. ("we") on the use of the payment service of this website. Please read them before you register or place an order; by ticking the box you confirm that you have read and accept them.',
    'service.title': '1. Our service',
    'service.body':
      'We help students and patients in China pay hospitals, clinics and schools abroad in a foreign currency: you pay the converted amount in CNY, and after our partner bank has reviewed the payment, it is sent to the institution in its currency.\nYour money goes to the reserve account of a regulated payment institution; we cannot use your funds.\nWe are not the institution you pay. Its medical or educational services, its fees and its refund rules are its own responsibility.',
    'orders.title': '2. Orders and exchange rate',
    'orders.body':
      "In an order you enter the amount due in the foreign currency (at least 3,000 units of the payee's currency per order), the institution's account details, and the details of the payer and the patient. Please make sure they are true and correct; wrong details can delay the payment or cause it to be returned.\nThe CNY amount shown while you enter the amount is an estimate. Before you confirm the order, the page shows the exchange rate that applies and the markup it includes, which is our service fee. The rate is locked when you confirm the order and no longer follows the market.",
    'deadline.title': '3. Payment deadline',
    'deadline.body':
      'After confirming the order, please pay the CNY amount of the order before the deadline shown on the order page. If we have not received the money by then, the order is cancelled automatically and the locked rate lapses.\nIf less than the order amount arrives, we ask you to pay the difference; the order does not go on until you have.',
    'documents.title': "4. Documents for the bank's review",
    'documents.body':
      "Foreign-exchange and anti-money-laundering rules require the bank to check that every payment is genuine and what it is for. You upload a photo of the payer's passport and the bill issued by the institution; the bill must show the full amount and the payee's account details, preferably as a PDF.\nThe bank may ask for further documents. While documents are missing, or if the review fails, the bank does not send the money.\nOnce the review has passed, the bank sends the payment on a working day. When it arrives depends on the receiving bank; we cannot promise a date.",
    'refunds.title': '5. Refunds',
    'refunds.body':
      "If you pay more than the order amount, we refund the difference to the account you paid from.\nIf an order is cancelled before the money is sent, or the bank's review fails, what you paid is refunded to the account you paid from, usually within 3 working days after the refund is started.\nOnce the money has been sent, only the institution can pay it back, under its own rules; our customer service can help you with this.",
    'duties.title': '6. Your obligations',
    'duties.body':
      'Keep your account and password safe and do not share your account.\nThe information and documents you submit must be true and complete, and you must be entitled to give us the details of other people in them (such as the patient). How we handle these details is described in the Privacy Policy.\nYou may not use the service for money laundering, to evade foreign-exchange rules or for any other unlawful purpose. We and the bank may refuse suspicious orders and report them to the authorities as the law requires.',
    'changes.title': '7. Changes and contact',
    'changes.body':
      "We may update these terms; the new version is published on this page with its date.\nThese terms are governed by the laws of the People's Republic of China. If you have any question about them or about your order, please contact our customer service.",
  },
  'de-DE': {
    intro:
      'Diese Bedingungen regeln die Nutzung des Zahlungsdienstes dieser Website zwischen Ihnen und der Beijing Overseas Payment Technology Co., Ltd. („wir“). Bitte lesen Sie sie, bevor Sie sich registrieren oder einen Auftrag erteilen; mit dem Häkchen bestätigen Sie, dass Sie sie gelesen haben und annehmen.',
    'service.title': '1. Unser Dienst',
    'service.body':
      'Wir helfen Studierenden und Patienten in China, Krankenhäuser, Kliniken und Schulen im Ausland in Fremdwährung zu bezahlen: Sie zahlen den umgerechneten Betrag in CNY, und nachdem unsere Partnerbank die Zahlung geprüft hat, wird sie in der Währung der Einrichtung überwiesen.\nIhr Geld geht auf das Sicherungskonto eines beaufsichtigten Zahlungsinstituts; wir können nicht über Ihre Gelder verfügen.\nWir sind nicht die Einrichtung, die Sie bezahlen. Für ihre medizinischen oder schulischen Leistungen, ihre Gebühren und ihre Erstattungsregeln ist sie selbst verantwortlich.',
    'orders.title': '2. Aufträge und Wechselkurs',
    'orders.body':
      'Im Auftrag geben Sie den fälligen Betrag in der Fremdwährung (mindestens 3.000 Einheiten der Währung des Empfängers je Auftrag), die Kontodaten der Einrichtung sowie die Angaben zum Zahler und zum Patienten an. Bitte achten Sie darauf, dass sie wahr und richtig sind; falsche Angaben können die Zahlung verzögern oder dazu führen, dass sie zurückkommt.\nDer bei der Eingabe angezeigte CNY-Betrag ist eine Schätzung. Bevor Sie den Auftrag bestätigen, zeigt die Seite den geltenden Wechselkurs und den darin enthaltenen Aufschlag, unsere Servicegebühr. Mit der Bestätigung wird der Kurs festgeschrieben und folgt dem Markt nicht mehr.',
    'deadline.title': '3. Zahlungsfrist',
    'deadline.body':
      'Bitte zahlen Sie nach der Bestätigung den CNY-Betrag des Auftrags vor der auf der Auftragsseite angegebenen Frist. Ist das Geld bis dahin nicht eingegangen, wird der Auftrag automatisch storniert und der festgeschriebene Kurs verfällt.\nGeht weniger als der Auftragsbetrag ein, bitten wir Sie, die Differenz nachzuzahlen; bis dahin wird der Auftrag nicht weiter bearbeitet.',
    'documents.title': '4. Unterlagen für die Prüfung durch die Bank',
    'documents.body':
      'Devisen- und Geldwäschevorschriften verpflichten die Bank zu prüfen, dass jede Zahlung echt ist und wofür sie bestimmt ist. Sie laden ein Foto des Reisepasses des Zahlers und die Rechnung der Einrichtung hoch; die Rechnung muss den vollen Betrag und die Kontodaten des Empfängers zeigen, am besten als PDF.\nDie Bank kann weitere Unterlagen anfordern. Solange Unterlagen fehlen oder wenn die Prüfung scheitert, überweist die Bank das Geld nicht.\nNach bestandener Prüfung überweist die Bank an einem Werktag. Wann das Geld ankommt, hängt von der empfangenden Bank ab; ein Datum können wir nicht zusagen.',
    'refunds.title': '5. Erstattungen',
    'refunds.body':
      'Zahlen Sie mehr als den Auftragsbetrag, erstatten wir die Differenz auf das Konto, von dem Sie gezahlt haben.\nWird ein Auftrag storniert, bevor das Geld überwiesen ist, oder scheitert die Prüfung der Bank, wird Ihre Zahlung auf das Konto erstattet, von dem Sie gezahlt haben, in der Regel innerhalb von 3 Werktagen nach Beginn der Erstattung.\nIst das Geld bereits überwiesen, kann nur die Einrichtung es nach ihren eigenen Regeln zurückzahlen; unser Kundenservice unterstützt Sie dabei.',
    'duties.title': '6. Ihre Pflichten',
    'duties.body':
      'Bewahren Sie Ihr Konto und Ihr Passwort sicher auf und teilen Sie Ihr Konto mit niemandem.\nDie Angaben und Unterlagen, die Sie einreichen, müssen wahr und vollständig sein, und Sie müssen berechtigt sein, uns die darin enthaltenen Angaben anderer Personen (etwa des Patienten) zu übermitteln. Wie wir mit diesen Angaben umgehen, steht in der Datenschutzerklärung.\nSie dürfen den Dienst nicht zur Geldwäsche, zur Umgehung von Devisenvorschriften oder zu anderen rechtswidrigen Zwecken nutzen. Wir und die Bank können verdächtige Aufträge ablehnen und sie, wie gesetzlich vorgeschrieben, den Behörden melden.',
    'changes.title': '7. Änderungen und Kontakt',
    'changes.body':
      'Wir können diese Bedingungen aktualisieren; die neue Fassung wird mit ihrem Datum auf dieser Seite veröffentlicht.\nEs gilt das Recht der Volksrepublik China. Bei Fragen zu diesen Bedingungen oder zu Ihrem Auftrag wenden Sie sich bitte an unseren Kundenservice.',
  },
});

/** The sections in reading order. */
export const TERMS_SECTIONS = ['service', 'orders', 'deadline', 'documents', 'refunds', 'duties', 'changes'] as const;
