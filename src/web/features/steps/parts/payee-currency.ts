import { isPayeeCurrency, type PayeeCurrency } from '../../../../domain/money.js';

/** The currency as the domain knows it, or null for one the product does not pay in. */
export const payeeCurrency = (currency: string | null | undefined): PayeeCurrency | null => (isPayeeCurrency(currency) ? currency : null);
