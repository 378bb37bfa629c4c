import { defineMessages } from '../../i18n/i18n.js';

/** The Privacy Policy; a section's paragraphs are separated by line breaks. */
export const privacyMessages = defineMessages({
  'zh-CN': {
    intro: '本政策说明北京海外缴费科技有限公司（以下简称“我们”）在您使用本网站时处理哪些个人信息、为何处理、向谁提供，以及您享有哪些权利。',
    'data.title': '一、我们处理的个人信息',
    'data.body':
      '账户信息：您的邮箱和密码（密码仅以不可还原的哈希形式保存）；使用微信登录时，微信提供的账户标识。\n订单信息：患者和付款人的姓名（中文及拼音）、身份证件号码、手机号码、邮箱、付款人与患者的关系、缴费金额、收款机构及其账户信息。\n上传的材料：付款人的护照照片、收款机构的缴费单，以及银行要求补充的其他材料。\n其中，身份证件号码、护照以及能反映就医或就学情况的材料属于敏感个人信息，我们仅在办理您的订单所必需的范围内处理。',
    'purposes.title': '二、处理目的',
    'purposes.body':
      '我们处理上述信息，是为了：办理您的订单和付款；将付款人信息、资金用途和您上传的材料提交银行审核并完成监管申报；告知您订单进展并提供客服；履行反洗钱、外汇管理等法律规定的义务。\n我们不出售您的个人信息，也不将其用于广告。',
    'sharing.title': '三、向谁提供',
    'sharing.body':
      '办理付款的银行和支付机构：为审核付款和汇出款项，它们会收到您的订单信息和上传的材料。\n收款机构及其银行：汇款时会随款项传送办理汇款所需的信息，例如付款人或患者的姓名、汇款附言和金额。这些信息会传输到收款机构所在的国家或地区。\n有关部门：仅在法律法规要求时，我们才向监管或司法机关提供信息。',
    'retention.title': '四、保存期限',
    'retention.body':
      '我们在您的账户存续期间以及办理订单所需的期间内保存您的信息。法律法规（例如反洗钱和外汇管理规定）要求保存的身份资料和交易记录，我们在法定期限内保存，期满后予以删除或匿名化处理。',
    'rights.title': '五、您的权利',
    'rights.body':
      '您可以查阅、复制和更正您的个人信息，也可以撤回同意或注销账户。\n在法律允许的范围内，您可以要求我们删除您的个人信息。删除后，您的个人信息将无法再被读取，订单的金额和状态记录仍予保留。法律要求我们继续保存的记录，在保存期限届满前无法删除。\n请通过客服提出上述请求；为保护您的信息，我们会先核实您的身份。',
    'security.title': '六、信息安全与本地存储',
    'security.body':
      '订单中的个人信息加密保存，我们还采取访问控制和操作记录等措施，只有负责办理订单的工作人员才能查看。\n本网站在您浏览器的本地存储中保存登录状态、语言选择和您选择的收款机构，退出登录时会清除登录状态。本网站不使用 Cookie；使用微信登录时，微信按其自身的规则处理信息。',
    'minors.title': '七、未成年人',
    'minors.body': '未满 14 周岁的学生或患者，其个人信息应由父母或其他监护人提交，并由监护人同意本政策。',
    'contact.title': '八、政策变更与联系我们',
    'contact.body':
      '我们可能更新本政策，更新后的版本在本页面发布并注明更新日期。\n如您对本政策或您的个人信息有任何疑问或请求，请联系我们的客服。',
  },
  'en-US': {
    intro:
      'This policy explains which personal data Beijing Overseas Payment Technology Co., Ltd. ("we") processes when you use this website, why, who receives it, and what rights you have.',
    'data.title': '1. The personal data we process',
    'data.body':
      "Account: your email address and password (the password is stored only as a one-way hash); with WeChat login, the account identifier WeChat provides.\nOrders: the names of the patient and the payer (in Chinese characters and pinyin), ID numbers, phone numbers, email addresses, the payer's relationship to the patient, the amount, and the institution you pay with its account details.\nUploaded documents: a photo of the payer's passport, the institution's bill, and any further documents the bank asks for.\nID numbers, passports and documents that reveal medical treatment or studies are sensitive personal data; we process them only as far as your order requires.",
    'purposes.title': '2. Why we process it',
    'purposes.body':
      "We process this data to carry out your orders and payments; to submit the payer's details, the purpose of the funds and your documents to the bank for its review and the regulatory declaration; to keep you informed about your orders and to provide customer service; and to meet legal obligations such as anti-money-laundering and foreign-exchange rules.\nWe do not sell your personal data and do not use it for advertising.",
    'sharing.title': '3. Who receives it',
    'sharing.body':
      'The bank and payment institution that handle your payment receive your order details and uploaded documents to review and send the payment.\nThe institution you pay and its bank receive, with the payment, what a transfer needs, such as the name of the payer or patient, the payment reference and the amount. This information goes to the country or region where the institution is.\nAuthorities receive data from us only where the law requires it.',
    'retention.title': '4. How long we keep it',
    'retention.body':
      'We keep your data while your account exists and as long as your orders need it. Identity documents and transaction records that laws such as the anti-money-laundering and foreign-exchange rules require us to keep are kept for the period the law prescribes, and then deleted or anonymised.',
    'rights.title': '5. Your rights',
    'rights.body':
      'You may see, copy and correct your personal data, withdraw your consent, or close your account.\nWhere the law allows, you may ask us to erase your personal data. After erasure your personal data can no longer be read, while the amounts and statuses of your orders are kept. Records the law requires us to keep cannot be erased before that period ends.\nPlease make these requests through our customer service; to protect your data, we first confirm that the request comes from you.',
    'security.title': '6. Security and local storage',
    'security.body':
      "Personal data in orders is stored encrypted; access is restricted and recorded, and only staff handling orders can see it.\nThis website keeps your login, your language and the institution you chose in your browser's local storage; logging out clears the login. The website itself uses no cookies; with WeChat login, WeChat handles data under its own rules.",
    'minors.title': '7. Minors',
    'minors.body':
      'For a student or patient under 14, a parent or other guardian must submit their personal data and agree to this policy.',
    'contact.title': '8. Changes and contact',
    'contact.body':
      'We may update this policy; the new version is published on this page with its date.\nIf you have any question or request about this policy or your personal data, please contact our customer service.',
  },
  'de-DE': {
    intro:
      'Diese Erklärung beschreibt, welche personenbezogenen Daten die Beijing Overseas Payment Technology Co., Ltd. („wir“) verarbeitet, wenn Sie diese Website nutzen, warum, wer sie erhält und welche Rechte Sie haben.',
    'data.title': '1. Welche Daten wir verarbeiten',
    'data.body':
      'Konto: Ihre E-Mail-Adresse und Ihr Passwort (das Passwort nur als Einweg-Hash); bei der Anmeldung mit WeChat die Kontokennung, die WeChat übermittelt.\nAufträge: die Namen des Patienten und des Zahlers (in chinesischen Schriftzeichen und Pinyin), Ausweisnummern, Telefonnummern, E-Mail-Adressen, das Verhältnis des Zahlers zum Patienten, der Betrag sowie die bezahlte Einrichtung mit ihren Kontodaten.\nHochgeladene Unterlagen: ein Foto des Reisepasses des Zahlers, die Rechnung der Einrichtung und weitere Unterlagen, die die Bank anfordert.\nAusweisnummern, Reisepässe und Unterlagen, die eine Behandlung oder ein Studium erkennen lassen, sind sensible Daten; wir verarbeiten sie nur, soweit Ihr Auftrag es erfordert.',
    'purposes.title': '2. Wozu wir sie verarbeiten',
    'purposes.body':
      'Wir verarbeiten diese Daten, um Ihre Aufträge und Zahlungen auszuführen; um die Angaben zum Zahler, den Zahlungszweck und Ihre Unterlagen der Bank zur Prüfung und für die behördliche Meldung vorzulegen; um Sie über Ihre Aufträge zu informieren und Sie zu betreuen; und um gesetzliche Pflichten zu erfüllen, etwa aus Geldwäsche- und Devisenvorschriften.\nWir verkaufen Ihre Daten nicht und nutzen sie nicht für Werbung.',
    'sharing.title': '3. Wer sie erhält',
    'sharing.body':
      'Die Bank und das Zahlungsinstitut, die Ihre Zahlung abwickeln, erhalten Ihre Auftragsdaten und Unterlagen, um die Zahlung zu prüfen und zu überweisen.\nDie bezahlte Einrichtung und ihre Bank erhalten mit der Zahlung, was eine Überweisung braucht, etwa den Namen des Zahlers oder Patienten, den Verwendungszweck und den Betrag. Diese Angaben gehen in das Land oder Gebiet der Einrichtung.\nBehörden erhalten Daten von uns nur, wenn das Gesetz es verlangt.',
    'retention.title': '4. Wie lange wir sie speichern',
    'retention.body':
      'Wir speichern Ihre Daten, solange Ihr Konto besteht und Ihre Aufträge sie erfordern. Ausweisdaten und Transaktionsunterlagen, die wir etwa nach Geldwäsche- und Devisenvorschriften aufbewahren müssen, bewahren wir für die gesetzlich vorgeschriebene Dauer auf und löschen oder anonymisieren sie danach.',
    'rights.title': '5. Ihre Rechte',
    'rights.body':
      'Sie können Ihre Daten einsehen, kopieren und berichtigen, Ihre Einwilligung widerrufen oder Ihr Konto schließen.\nSoweit das Gesetz es erlaubt, können Sie die Löschung Ihrer Daten verlangen. Nach der Löschung sind Ihre personenbezogenen Daten nicht mehr lesbar; Beträge und Status Ihrer Aufträge bleiben erhalten. Unterlagen, die wir gesetzlich aufbewahren müssen, können erst nach Ablauf dieser Frist gelöscht werden.\nBitte richten Sie solche Anfragen an unseren Kundenservice; zum Schutz Ihrer Daten prüfen wir zuerst, dass die Anfrage von Ihnen stammt.',
    'security.title': '6. Sicherheit und lokale Speicherung',
    'security.body':
      'Personenbezogene Daten in Aufträgen werden verschlüsselt gespeichert; der Zugriff ist beschränkt und wird protokolliert, und nur Mitarbeiter, die Aufträge bearbeiten, können sie sehen.\nDiese Website speichert Ihre Anmeldung, Ihre Sprache und die gewählte Einrichtung im lokalen Speicher Ihres Browsers; beim Abmelden wird die Anmeldung gelöscht. Die Website selbst verwendet keine Cookies; bei der Anmeldung mit WeChat verarbeitet WeChat Daten nach eigenen Regeln.',
    'minors.title': '7. Minderjährige',
    'minors.body':
      'Für Studierende oder Patienten unter 14 Jahren muss ein Elternteil oder anderer Vormund die Daten übermitteln und dieser Erklärung zustimmen.',
    'contact.title': '8. Änderungen und Kontakt',
    'contact.body':
      'Wir können diese Erklärung aktualisieren; die neue Fassung wird mit ihrem Datum auf dieser Seite veröffentlicht.\nBei Fragen oder Anliegen zu dieser Erklärung oder zu Ihren Daten wenden Sie sich bitte an unseren Kundenservice.',
  },
});

/** The sections in reading order. */
export const PRIVACY_SECTIONS = ['data', 'purposes', 'sharing', 'retention', 'rights', 'security', 'minors', 'contact'] as const;
