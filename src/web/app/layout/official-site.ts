export const OFFICIAL_SITE = 'https://www.example.com';
