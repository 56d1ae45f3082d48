// The privacy policy (pt-BR, LGPD). Every statement matches what the product does: no account,
// no IP or user agent stored for clicks (only aggregate counters, click insights), consent and
// links kept in the visitor's own browser, advertising only after "Aceitar". With the
// breakdowns off (INSIGHTS=false) it says what is then kept: clicks per day, no lookup.
import type { SiteConfig } from '../../shared/api';

export interface PrivacySection {
  id: string;
  title: string;
  paragraphs: readonly string[];
  items?: readonly string[];
}

export function getPrivacySections(
  site: Pick<SiteConfig, 'siteName' | 'contactEmail' | 'ownerCredit' | 'address' | 'clickInsights'>,
): PrivacySection[] {
  const breakdowns = site.clickInsights;
  return [
    {
      id: 'informacoes-coletadas',
      title: '1. Informações que coletamos',
      paragraphs: [
        `O ${site.siteName} funciona sem cadastro. Não pedimos nome, e-mail nem senha para criar links. Coletamos apenas:`,
      ],
      items: [
        'Os dados do link que você cria: o endereço de destino, o final personalizado (alias), a data e hora de criação e as opções que você escolher (validade, limite de cliques, endereços para iPhone e Android e, se houver senha, apenas o resumo criptográfico dela, nunca a senha).',
        'Título, descrição e imagem públicos da página de destino, que nosso servidor consulta para montar a prévia do link em redes sociais e aplicativos de mensagem.',
        breakdowns
          ? 'A quantidade de cliques de cada link, somada por dia, e, para as estatísticas do link, totais de cliques por hora, origem (como Instagram ou WhatsApp), tipo de aparelho, sistema, navegador, país e estado. Cada clique apenas soma 1 a esses totais: não guardamos o endereço IP, os dados que o navegador de quem clica envia nem qualquer identificador dessa pessoa. O endereço IP serve só para saber o país e o estado: fica alguns segundos na memória do servidor, nunca é gravado e é descartado em seguida.'
          : 'A quantidade de cliques de cada link, somada por dia. Cada clique apenas soma 1 a esse total: não guardamos o endereço IP, os dados que o navegador de quem clica envia nem qualquer identificador dessa pessoa.',
        'Denúncias de links: o link denunciado, o texto que você escreve e a data, para a análise da nossa equipe.',
        'No seu próprio navegador (armazenamento local), sua escolha sobre cookies e a lista dos links que você criou, com o código que permite gerenciá-los.' +
          (site.clickInsights
            ? ' Na página de senha de um link protegido, o navegador guarda também, só enquanto a aba estiver aberta, o endereço do site de onde você veio, enviado com a senha apenas para somar 1 à origem do clique.'
            : '') +
          ' Esses dados ficam no seu aparelho.',
        'Para limitar abusos, o endereço IP de quem cria links, envia denúncias ou gerencia links é usado apenas em contadores temporários de limite de uso, que expiram em até 24 horas, sem ligação com os links criados. Os registros técnicos de erro guardam o endereço abreviado (sem a parte final), nunca o endereço completo.',
      ],
    },
    {
      id: 'uso',
      title: '2. Como usamos as informações',
      paragraphs: ['Usamos essas informações somente para:'],
      items: [
        'Redirecionar quem abre um link curto para o endereço de destino.',
        `Mostrar as estatísticas gerais do site e os cliques dos seus links (${breakdowns ? 'por dia, hora, origem, aparelho e região' : 'por dia'}).`,
        'Gerar a prévia do link quando ele é compartilhado.',
        'Prevenir abusos, como golpes, spam e links para conteúdo ilegal.',
      ],
    },
    {
      id: 'compartilhamento',
      title: '3. Compartilhamento de informações',
      paragraphs: [
        'Não vendemos, alugamos nem compartilhamos seus dados com terceiros para fins de marketing.',
        'Lembre-se de que um link curto é público: qualquer pessoa que o receba pode abri-lo e ver o endereço de destino.',
        'Podemos fornecer informações a autoridades quando houver obrigação legal ou ordem judicial, nos termos da Lei Geral de Proteção de Dados (Lei nº 13.709/2018) e do Marco Civil da Internet.',
      ],
    },
    {
      id: 'cookies',
      title: '4. Cookies e publicidade',
      paragraphs: [
        'Usamos o armazenamento local do navegador para lembrar a sua escolha no aviso de cookies e os links que você criou. Esses registros são necessários para o site funcionar e não são usados para rastrear você.',
        'O site pode exibir anúncios de parceiros, que usam cookies de publicidade para medir e personalizar anúncios. Esses anúncios e seus cookies só são carregados depois que você clica em Aceitar no aviso de cookies. Se você clicar em Rejeitar, nenhum anúncio é carregado.',
        'Para mudar a sua escolha, apague os dados deste site nas configurações do seu navegador: o aviso de cookies aparecerá novamente.',
      ],
    },
    {
      id: 'seguranca',
      title: '5. Segurança',
      paragraphs: [
        'Adotamos medidas técnicas para proteger as informações, como conexão criptografada (HTTPS) e acesso restrito aos servidores. O código que permite gerenciar um link é guardado no servidor apenas como resumo criptográfico (hash), e não pode ser lido nem por nós.',
        'Nenhum sistema é totalmente imune a falhas. Se ocorrer um incidente de segurança relevante, comunicaremos os titulares e a Autoridade Nacional de Proteção de Dados (ANPD), conforme a lei.',
      ],
    },
    {
      id: 'direitos',
      title: '6. Seus direitos',
      paragraphs: ['Pela LGPD, você pode, a qualquer momento:'],
      items: [
        'Confirmar se tratamos dados seus e ter acesso a eles.',
        'Pedir a correção de dados incompletos ou desatualizados.',
        'Pedir a exclusão de links e dados, ou excluir você mesmo um link pelo Dashboard.',
        'Revogar o consentimento para cookies de publicidade, apagando os dados do site no seu navegador.',
        'Apresentar reclamação à ANPD.',
      ],
    },
    {
      id: 'retencao',
      title: '7. Retenção de dados',
      paragraphs: [
        `Os links e suas contagens de cliques por dia são mantidos enquanto o link existir${breakdowns ? '; os totais por hora, origem, aparelho e região são apagados automaticamente depois de um período limitado' : ''}. Quando um link é excluído, ele e seus dados são apagados de forma permanente.`,
        'Links inativos por longo período, ou usados para golpes, spam ou conteúdo ilegal, podem ser removidos. Os dados guardados no seu navegador permanecem até que você os apague.',
      ],
    },
    {
      id: 'alteracoes',
      title: '8. Alterações nesta política',
      paragraphs: [
        'Podemos atualizar esta política para refletir mudanças no serviço ou na legislação. A data da última atualização aparece no topo desta página, e mudanças importantes serão destacadas no site.',
      ],
    },
    {
      id: 'contato',
      title: '9. Contato',
      paragraphs: [
        `O ${site.siteName} é mantido por ${site.ownerCredit}, ${site.address}. Para dúvidas sobre esta política ou para exercer seus direitos, escreva para ${site.contactEmail}.`,
      ],
    },
  ];
}
