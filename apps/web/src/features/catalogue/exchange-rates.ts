import { CURRENCIES, formatDate, formatNumber, ZExchangeRateInput } from '@uniapply/shared';
import { crudPage } from '../../components/crud/crud-screen';
import { defineCrud, type TRenderContext, type TRow } from '../../components/crud/define';

// Issue 20 item 1: the dated exchange rates the course screens convert prices with. A rate is
// exact decimal text ("12850.5": one `from` is that many `to`), shown through the one formatter.

const CURRENCY_OPTIONS = CURRENCIES.map((code, index) => ({
  value: index,
  label: `enums.currencies.${code}`,
}));
const code = (value: unknown) => CURRENCIES[Number(value)] ?? '';

const pair = (row: TRow) => `${code(row.fromCurrency)} → ${code(row.toCurrency)}`;
const rateText = (row: TRow, { language }: TRenderContext) =>
  formatNumber(Number(row.rate), language, undefined);
const dateText = (row: TRow, { language }: TRenderContext) => formatDate(String(row.date), language, 'UTC');

export const exchangeRates = defineCrud({
  base: 'ExchangeRate',
  title: 'catalogue.exchangeRate.title',
  addTitle: 'catalogue.exchangeRate.add',
  editTitle: 'catalogue.exchangeRate.edit',
  filter: { field: 'source', operator: 'CONTAINS', label: 'catalogue.exchangeRate.filter' },
  columns: [
    { path: 'fromCurrency', label: 'catalogue.fields.pair', render: pair },
    { path: 'rate', render: rateText },
    { path: 'date', render: dateText },
    { path: 'source', width: 2 },
  ],
  schema: ZExchangeRateInput,
  form: [
    { name: 'fromCurrency', kind: 'select', defaultValue: 3, options: CURRENCY_OPTIONS },
    { name: 'toCurrency', kind: 'select', defaultValue: 2, options: CURRENCY_OPTIONS },
    { name: 'rate', kind: 'text' },
    { name: 'date', kind: 'text' },
    { name: 'source', kind: 'text', wide: true },
  ],
});
export const ExchangeRatesPage = crudPage(exchangeRates);
