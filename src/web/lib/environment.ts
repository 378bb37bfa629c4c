/** Inside the WeChat app's browser (its user agent says MicroMessenger). */
export const inWeChat = (): boolean => /MicroMessenger/i.test(navigator.userAgent);

/** Below 576 px the home selector hands over to /home/phone (SPEC.md "Home"). */
export const isPhoneWidth = (): boolean => window.matchMedia('(max-width: 575.98px)').matches;
