// The spec's words for this form (sections 2, 5 and 8).
import { ALIAS_MAX_LENGTH, ALIAS_MIN_LENGTH } from '../../../shared/alias-rules';
import { createErrorTitle } from '../../../shared/messages';

export const createLinkTexts = {
  urlPlaceholder: 'Cole sua URL aqui...',
  aliasPlaceholder: '...com.br/personalize (opcional)',
  // Same rule as the FAQ and the server's invalid_alias message: a–z, digits, - and _, and
  // capitals are lowercased (normalizeAlias).
  aliasHint: `De ${ALIAS_MIN_LENGTH} a ${ALIAS_MAX_LENGTH} caracteres: letras (a–z), números, hífen (-) ou sublinhado (_); maiúsculas viram minúsculas. Em branco, criamos um código aleatório.`,
  submit: 'Personalize',
  submitting: 'Personalizando...',
  resultTitle: 'Seu link personalizado:',
  emptyUrlTitle: 'Erro',
  emptyUrlDescription: 'Por favor, insira uma URL válida',
  createErrorTitle,
  createErrorFallback: 'Não foi possível criar o link.',
  successTitle: 'Sucesso!',
  successDescription: 'Link personalizado com sucesso!',
  copiedTitle: 'Copiado!',
  copiedDescription: 'Link copiado para a área de transferência',
  copyFailedTitle: 'Erro',
  copyFailedDescription: 'Não foi possível copiar. Selecione o link e copie manualmente.',
} as const;
