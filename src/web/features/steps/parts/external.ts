/**
 * With from=cc01 the institution's name on step 1 links to an external site (SPEC.md step 1).
 * The spec does not give its address; this is the placeholder until it does.
 */
export const CC01_SOURCE = 'cc01';
export const CC01_SITE = 'https://www.example.com/cc01';
