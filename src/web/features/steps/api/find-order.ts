export { findOrder, orderQuery } from '../../../lib/find-order.js';
