import { invalidReportMessage } from '../../../shared/form-messages';
import { reportTexts } from '../../../shared/messages';
import { formatInteger } from '../../../shared/integer-format';
import { REPORT_REASON_MAX, REPORT_REASON_MIN } from '../../../shared/report-rules';

// The words of the 'Denunciar link' form.
export const reportFormTexts = {
  aliasLabel: 'Link encurtado',
  aliasHint: 'Cole o link completo ou apenas o final dele (o alias).',
  aliasRequired: 'Informe o link encurtado que você quer denunciar.',
  reasonLabel: 'Motivo',
  reasonPlaceholder: 'Conte o que há de errado: phishing, golpe, malware, conteúdo ilegal...',
  reasonHint: `Entre ${REPORT_REASON_MIN} e ${formatInteger(REPORT_REASON_MAX)} caracteres.`,
  reasonInvalid: invalidReportMessage,
  submit: 'Enviar denúncia',
  submitting: 'Enviando...',
  successTitle: 'Denúncia enviada',
  successFallback: reportTexts.received,
  errorTitle: 'Erro ao enviar denúncia',
  errorFallback: 'Não foi possível enviar a denúncia.',
} as const;
