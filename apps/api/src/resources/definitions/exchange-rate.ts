import { ZExchangeRate, ZExchangeRateInput } from '@uniapply/shared';
import { exchangeRates } from '../../db/schema/index.js';
import { defineResource } from '../define.js';

// Issue 20 item 1: dated exchange rates, kept by admins, read by every signed-in user (the course
// screens convert prices with them). A catalogue table: a write bumps the catalogue version
// (migration 0016), so cached lists filtered on converted prices never outlive a rate change.
export const exchangeRateResource = defineResource({
  base: 'ExchangeRate',
  label: 'exchange rate',
  table: exchangeRates,
  scope: 'catalogue',
  cache: 'catalogue',
  input: ZExchangeRateInput,
  output: ZExchangeRate,
});
