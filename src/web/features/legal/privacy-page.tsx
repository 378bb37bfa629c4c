import { useT } from '../../i18n/i18n.js';
import { LegalDocument } from './legal-document.js';
import { PRIVACY_SECTIONS, privacyMessages } from './privacy-messages.js';

/** /privacy: the Privacy Policy the register form's agreement links to. */
export default function PrivacyPage() {
  const t = useT(privacyMessages);
  const sections = PRIVACY_SECTIONS.map((id) => ({ id, heading: t(`${id}.title`), body: t(`${id}.body`) }));
  return <LegalDocument kind="privacy" intro={t('intro')} sections={sections} />;
}
