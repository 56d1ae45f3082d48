// A stored target as the owner reads it in Meus links and on a link's statistics page:
// escaped letters decoded and an international host in letters ('https://açaí.com.br/promoção'
// for 'https://xn--aa-4iaz.com.br/promo%C3%A7%C3%A3o'), unless its letters could pass for
// another site's (the rule lives in shared/readable-url). The browser has no punycode decoder of
// its own, so it is punycode.js's, the one the server's node:url answer matches; its own module so
// only the pages that show targets download it. 'punycode/' (trailing slash) names the npm
// package, not Node's deprecated built-in of the same name, in the server-rendering build too.
import { toUnicode } from 'punycode/';
import { readableUrl } from '../../shared/readable-url';

export function readableTarget(url: string): string {
  return readableUrl(url, toUnicode);
}
