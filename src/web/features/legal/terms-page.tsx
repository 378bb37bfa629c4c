import { useT } from '../../i18n/i18n.js';
import { LegalDocument } from './legal-document.js';
import { TERMS_SECTIONS, termsMessages } from './terms-messages.js';

/** /terms: the Terms of Service the register form's agreement links to. */
export default function TermsPage() {
  const t = useT(termsMessages);
  const sections = TERMS_SECTIONS.map((id) => ({ id, heading: t(`${id}.title`), body: t(`${id}.body`) }));
  return <LegalDocument kind="terms" intro={t('intro')} sections={sections} />;
}
