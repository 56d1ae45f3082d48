// pt-BR formatting helpers.
const numberFormat = new Intl.NumberFormat('pt-BR');

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

/** Today's date as pt-BR shows it, e.g. 21/11/2025. */
export function formatDate(date: Date): string {
  return date.toLocaleDateString('pt-BR');
}

/** "5548999990000" → "+55 (48) 99999-0000"; other numbers get a plain "+". */
export function formatWhatsapp(digits: string): string {
  const br = /^55(\d{2})(\d{4,5})(\d{4})$/.exec(digits);
  if (br) return `+55 (${br[1]}) ${br[2]}-${br[3]}`;
  return `+${digits}`;
}
