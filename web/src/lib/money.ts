/**
 * Money display (docs/contracts.md#constants): integer centavos → `R$ 1.234,56` — prefix `R$ `
 * (plain space), two decimals, comma as decimal separator, dot between thousands. Integer
 * arithmetic only, so no float rounding can move a centavo. Negative amounts read `-R$ 1.234,56`.
 * And back: an amount typed in reais (`54,90`) → centavos (`parseMoney`), digit by digit.
 */

export function formatMoney(centavos: number): string {
  if (!Number.isFinite(centavos)) throw new RangeError(`Valor monetário inválido: ${centavos}`);
  const whole = Math.round(centavos);
  const sign = whole < 0 ? '-' : '';
  const abs = Math.abs(whole);
  const reais = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  const cents = (abs % 100).toString().padStart(2, '0');
  return `${sign}R$ ${reais},${cents}`;
}

/** The most reais a typed amount may have (R$ 9.999.999.999.999,99): its centavos stay a safe integer. */
const MAX_REAIS_DIGITS = 13;

/**
 * A sum typed in reais → integer centavos, or null when it is not one. Takes what people type:
 * `54,90`, `54,9` (54,90), `54`, `1.234,56` (dots between thousands), `54.90` (a dot before one or
 * two final digits is the decimal point), `R$ 54,90`, `,50`. Read digit by digit, never through a
 * float, so `54,90` is exactly 5490. Negative amounts, a third decimal and misplaced dots are
 * refused.
 */
export function parseMoney(text: string): number | null {
  const value = text.replace(/\s/g, '').replace(/^R\$/i, '');
  if (value === '') return null;
  let whole: string;
  let cents: string;
  const comma = value.lastIndexOf(',');
  const dotted = /^(.*)\.(\d{1,2})$/.exec(value);
  if (comma >= 0) {
    whole = value.slice(0, comma);
    cents = value.slice(comma + 1);
  } else if (dotted) {
    whole = dotted[1] ?? '';
    cents = dotted[2] ?? '';
  } else {
    whole = value;
    cents = '';
  }
  if (!/^\d{0,2}$/.test(cents)) return null;
  if (whole === '' && cents === '') return null;
  if (whole !== '' && !/^(\d+|\d{1,3}(\.\d{3})+)$/.test(whole)) return null;
  const reais = whole.replace(/\./g, '').replace(/^0+(?=\d)/, '');
  if (reais.length > MAX_REAIS_DIGITS) return null;
  return Number(reais || '0') * 100 + Number(cents.padEnd(2, '0'));
}

/** Integer centavos → the amount as typed in a field, without the prefix: 5490 → `54,90`. */
export function moneyInputText(centavos: number): string {
  return formatMoney(centavos).replace('R$ ', '');
}
