import { useLocale } from '../i18n/i18n.js';

/**
 * An institution's name as the reader reads it: Chinese readers its Chinese name, English and
 * German readers its English one (the Chinese one where it has none).
 */
export function useInstitutionName(): (name: string, nameEn: string | null | undefined) => string {
  const { locale } = useLocale();
  return (name, nameEn) => (locale === 'zh-CN' || !nameEn?.trim() ? name : nameEn);
}
