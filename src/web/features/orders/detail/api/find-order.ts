export { findOrder, orderQuery as orderDetailQuery } from '../../../../lib/find-order.js';
