// Test files in the jsdom environment (tests/web) talk to the API through MSW; the others (the
// API's own tests, which start real servers) run without it.
if (typeof window !== 'undefined') await import('./web/support/msw-setup.js');
