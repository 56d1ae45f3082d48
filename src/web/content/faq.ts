// pt-BR answers, true to what the product does: anonymous links, lowercase aliases, no
// expiry, deletion from the dashboard of this browser, no IP stored for clicks.
import type { SiteConfig } from '../../shared/api';
import { API_DOCS_PATH } from '../../shared/routes';

/** A paragraph with one link in it: the text before the link, the link, the text after it. */
export interface FaqLinkParagraph {
  before: string;
  link: { label: string; href: string };
  after: string;
}

/** Plain text, or text with one link (a plain <a>: a full page load, as to a server-rendered page). */
export type FaqParagraph = string | FaqLinkParagraph;

export interface FaqItem {
  id: string;
  question: string;
  /** Paragraphs. */
  answer: readonly FaqParagraph[];
}

/** A paragraph's text as read (the link's label in its place). */
export function faqParagraphText(paragraph: FaqParagraph): string {
  return typeof paragraph === 'string' ? paragraph : `${paragraph.before}${paragraph.link.label}${paragraph.after}`;
}

export function getFaqItems(site: Pick<SiteConfig, 'siteName' | 'contactEmail' | 'clickInsights'>): FaqItem[] {
  return [
    {
      id: 'o-que-e',
      question: `O que é o ${site.siteName}?`,
      answer: [
        `O ${site.siteName} é um encurtador e personalizador de links gratuito. Você cola um endereço longo, escolhe, se quiser, um final com a sua cara e recebe um link curto, fácil de lembrar e de compartilhar no WhatsApp, nas redes sociais, em e-mails ou em materiais impressos.`,
        'Não é preciso criar conta nem informar dados pessoais.',
      ],
    },
    {
      id: 'como-criar',
      question: 'Como crio um link personalizado?',
      answer: [
        'Na página inicial, cole a URL completa (começando com http:// ou https://) no primeiro campo. No segundo, digite o final que você quer para o link, por exemplo promocao-verao, e clique em Personalize.',
        'Use letras minúsculas, números, hífen (-) ou sublinhado (_), com 3 a 64 caracteres. Letras maiúsculas são convertidas em minúsculas. Se você deixar o campo em branco, criamos um código aleatório de 6 caracteres.',
      ],
    },
    {
      id: 'expiram',
      question: 'Os links expiram?',
      answer: [
        'Não. Os links não expiram automaticamente e continuam funcionando enquanto não forem excluídos, a menos que você escolha uma data de expiração ou um limite de cliques em Mais opções, ao criar o link.',
        'Links inativos por muito tempo, ou usados para golpes, spam ou conteúdo ilegal, podem ser removidos.',
      ],
    },
    {
      id: 'editar',
      question: 'Posso editar um link depois de criado?',
      answer: [
        'Não. Depois de criado, o destino e o final de um link não podem ser alterados, para que ninguém que já recebeu o link seja levado a outro lugar sem saber.',
        'Se precisar mudar algo, crie um novo link e exclua o antigo no Dashboard.',
      ],
    },
    {
      id: 'excluir',
      question: 'Como excluo um link?',
      answer: [
        'No Dashboard (link no rodapé) aparecem os links criados neste navegador. Clique no ícone de lixeira ao lado do link que deseja excluir.',
        'A exclusão é permanente: o link curto deixa de funcionar na hora e não pode ser recuperado.',
      ],
    },
    {
      id: 'limite',
      question: 'Existe limite de links?',
      answer: [
        'Não. Você pode criar quantos links quiser, sem pagar nada. Cada final personalizado, porém, só pode ser usado uma vez: se já estiver em uso, escolha outro.',
      ],
    },
    {
      id: 'dados',
      question: 'Meus dados estão seguros?',
      answer: [
        `Sim. Guardamos apenas o necessário para o link funcionar e para as suas estatísticas: o endereço de destino, o final escolhido, a data de criação, as opções do link e totais de cliques por dia${site.clickInsights ? ', hora, origem, aparelho e região' : ''}.`,
        'Cada clique apenas soma 1 a esses totais: não registramos o endereço IP de quem clica nos seus links nem nada que identifique essa pessoa, e não vendemos nem compartilhamos seus dados. Saiba mais na Política de Privacidade.',
      ],
    },
    {
      id: 'suporte',
      question: 'Como falo com o suporte?',
      answer: [
        `Envie uma mensagem pela página de Contato ou escreva para ${site.contactEmail}. Respondemos em dias úteis.`,
        { before: 'Para integrar seu sistema, veja a ', link: { label: 'documentação da API', href: API_DOCS_PATH }, after: '.' },
      ],
    },
  ];
}
