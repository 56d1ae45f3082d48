// A link inside running text (a sentence of the FAQ, the cookie notice, the API reference):
// underlined so it reads as a link without relying on colour, the brand's ink on white.
export const textLinkClass =
  'rounded font-semibold text-primary-ink underline underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary';
