/**
 * Money display (docs/contracts.md#constants): integer centavos → `R$ 1.234,56` — prefix `R$ `
 * (plain space), two decimals, comma as decimal separator, dot between thousands. Integer
 * arithmetic only, so no float rounding can move a centavo. Negative amounts read `-R$ 1.234,56`.
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
