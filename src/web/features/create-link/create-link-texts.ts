// The spec's words for this form (sections 2, 5 and 8).
export const createLinkTexts = {
  urlPlaceholder: 'Cole sua URL aqui...',
  aliasPlaceholder: '...com.br/personalize (opcional)',
  submit: 'Personalize',
  submitting: 'Personalizando...',
  resultTitle: 'Seu link personalizado:',
  emptyUrlTitle: 'Erro',
  emptyUrlDescription: 'Por favor, insira uma URL válida',
  createErrorTitle: 'Erro ao personalizar',
  createErrorFallback: 'Não foi possível criar o link.',
  successTitle: 'Sucesso!',
  successDescription: 'Link personalizado com sucesso!',
  copiedTitle: 'Copiado!',
  copiedDescription: 'Link copiado para a área de transferência',
} as const;
