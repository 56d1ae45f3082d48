// Every pt-BR text of the dashboard ("Meus links").
import { formatNumber } from '../../lib/format';

function plural(count: number, one: string, many: string): string {
  return `${formatNumber(count)} ${count === 1 ? one : many}`;
}

export const dashboardTexts = {
  intro: 'Os links criados neste navegador, com os cliques de cada um. Não há cadastro: a lista fica guardada aqui mesmo.',
  listTitle: 'Seus links',
  refresh: 'Atualizar',
  export: 'Exportar',
  import: 'Importar',
  importing: 'Verificando...',
  importProgress: (done: number, total: number) => `Verificando ${formatNumber(done)} de ${plural(total, 'link', 'links')}...`,
  importInputLabel: 'Arquivo de links exportado (.json)',
  searchLabel: 'Buscar nos seus links',
  searchPlaceholder: 'Endereço, alias ou destino',
  searchCount: (shown: number, total: number) => `${formatNumber(shown)} de ${plural(total, 'link', 'links')}`,
  searchEmpty: (query: string) => `Nenhum link encontrado para “${query}”.`,
  searchClear: 'Limpar busca',
  notKept:
    'Este navegador não deixa o site guardar dados (modo privado, cookies ou dados de sites bloqueados): ' +
    'a lista só vale enquanto esta aba estiver aberta. Use "Exportar" para guardar uma cópia antes de fechá-la.',
  safetyNote:
    'A lista fica só neste navegador. Exporte para guardar uma cópia ou levá-la a outro aparelho. ' +
    'O arquivo permite excluir os seus links: guarde-o em lugar seguro e não o compartilhe.',

  loading: 'Carregando seus links',
  needsJavaScript: 'Ative o JavaScript no seu navegador para ver os links criados nele.',
  emptyTitle: 'Nenhum link por aqui ainda',
  emptyText: 'Os links que você criar neste navegador aparecem aqui, com os cliques de cada um.',
  emptyAction: 'Criar meu primeiro link',
  emptyImportHint: 'Já tem uma lista exportada em outro navegador ou aparelho?',
  emptyImportAction: 'Importar lista',

  createdAt: (date: string) => `Criado em ${date}`,
  destination: 'Destino:',
  copy: 'Copiar link',
  copyShort: 'Copiar',
  whatsappShort: 'WhatsApp',
  stats: 'Ver estatísticas',
  qrCode: 'Ver QR code',
  qrCodeShort: 'QR code',
  delete: 'Excluir link',
  deleteShort: 'Excluir',
  totalClicks: (count: number) => (count === 1 ? 'clique no total' : 'cliques no total'),
  chartLabel: (count: number) => `Cliques nos últimos 30 dias: ${formatNumber(count)}`,
  chartBar: (day: string, count: number) => `${day}: ${plural(count, 'clique', 'cliques')}`,
  chartToday: 'hoje',
  loadingClicks: 'Carregando cliques',
  loadError: 'Não foi possível carregar os cliques.',
  loadErrorFallback: 'Não foi possível carregar os dados deste link.',
  retry: 'Tentar de novo',
  removedBadge: 'Removido',
  removedText: 'Este link foi excluído e não funciona mais.',
  forbiddenBadge: 'Sem acesso',
  blockedBadge: 'Bloqueado',
  blockedText: 'A moderação bloqueou este link: quem o abre vê “Link bloqueado”.',
  forbiddenText: 'O código guardado neste navegador não vale mais para este link: ele pode ter sido excluído e o endereço, reutilizado.',
  forget: 'Tirar da lista',
  forgottenTitle: 'Retirado da lista',
  forgottenDescription: (shortUrl: string) => `${shortUrl} não aparece mais em Meus links.`,

  copiedTitle: 'Copiado!',
  copiedDescription: 'Link copiado para a área de transferência',
  copyFailed: 'Não foi possível copiar. Selecione o link e copie manualmente.',

  deleteTitle: 'Excluir este link?',
  deletePermanent: 'Esta ação é permanente e não pode ser desfeita.',
  deleteConsequence: 'O link deixará de funcionar, os cliques registrados serão apagados e o endereço não poderá ser usado de novo.',
  cancel: 'Cancelar',
  deleting: 'Excluindo...',
  deletedTitle: 'Link excluído',
  deletedDescription: (shortUrl: string) => `${shortUrl} foi excluído para sempre.`,
  alreadyGoneTitle: 'Link já excluído',
  alreadyGoneDescription: 'Este link já não existia. Ele foi retirado da lista.',
  noAccessTitle: 'Sem acesso a este link',
  deleteFailedTitle: 'Não foi possível excluir',
  deleteFailedFallback: 'Verifique a conexão e tente de novo.',

  exportedTitle: 'Arquivo exportado',
  exportedDescription: 'Guarde-o em lugar seguro: quem tiver o arquivo pode excluir os seus links.',
  importFailedTitle: 'Não foi possível importar',
  importedTitle: 'Links importados',
  nothingImportedTitle: 'Nenhum link importado',
  importReport: (valid: number, invalid: number, unchecked: number) =>
    `${plural(valid, 'válido', 'válidos')}, ${plural(invalid, 'inválido/removido', 'inválidos/removidos')}` +
    (unchecked > 0 ? `, ${plural(unchecked, 'não verificado', 'não verificados')} (tente importar de novo mais tarde)` : '') +
    '.',
} as const;
