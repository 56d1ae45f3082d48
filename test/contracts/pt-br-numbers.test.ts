// Numbers inside the pt-BR messages are written as pt-BR writes them: 1.000 and 4.096, not 1000
// and 4096. A bound that comes from a constant or from the configuration goes through
// formatInteger, so a limit raised past 999 reads right without anyone touching the text.
import { describe, expect, it } from 'vitest';
import { blockImpactSchema } from '../../src/server/admin/admin-schemas.js';
import { bulkCreateSchema } from '../../src/server/api/api-schemas.js';
import { urlErrorMessages } from '../../src/shared/form-messages.js';
import { dailyCreationLimitMessage, errorMessages, hourlyReportLimitMessage } from '../../src/shared/messages.js';

describe('numbers in pt-BR messages', () => {
  it.each([
    ['the URL length bound', urlErrorMessages.url_too_long, 'A URL é longa demais: o máximo é de 4.096 caracteres.'],
    ['the URL length bound, in the API catalogue', errorMessages.url_too_long, 'A URL é longa demais: o máximo é de 4.096 caracteres.'],
    ['a configured daily creation limit', dailyCreationLimitMessage(2500, 3600), 'Você atingiu o limite diário de criação de links (2.500 por dia). O limite é renovado em 1 h.'],
    ['a configured hourly report limit', hourlyReportLimitMessage(1200, 90), 'Você atingiu o limite de denúncias (1.200 por hora). Tente novamente em 2 min.'],
  ])('%s', (_name, message, expected) => {
    expect(message).toBe(expected);
  });

  it('the API document (and the API page built from it) writes its bounds the same way', () => {
    expect(bulkCreateSchema.description).toMatch(/^De 1 a 1\.000 links, /);
    expect(blockImpactSchema.description).toContain('A contagem para em 10.000;');
    expect(JSON.stringify(blockImpactSchema.response[200])).toContain('"Há mais de 10.000 links."');
  });
});
