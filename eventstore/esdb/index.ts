export { createEsdbEventStore, type EsdbEventStoreOptions } from './esdb-event-store.js';
