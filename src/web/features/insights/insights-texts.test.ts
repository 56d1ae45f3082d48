import { describe, expect, it } from 'vitest';
import { KNOWN_SOURCES } from '../../../shared/insights';
import { BRAZIL_STATES, browserLabel, countryLabel, deviceLabel, hourLabel, insightsTexts, regionLabel, sourceLabel, systemLabel } from './insights-texts';

describe('insight labels (pt-BR)', () => {
  it('sources: the known ones named, any other host or campaign as it came', () => {
    expect(sourceLabel('direct')).toBe('Direto (sem origem)');
    expect(sourceLabel('instagram')).toBe('Instagram');
    expect(sourceLabel('whatsapp')).toBe('WhatsApp');
    expect(sourceLabel('google')).toBe('Google');
    expect(sourceLabel('email')).toBe('E-mail');
    expect(sourceLabel('x')).toBe('X (Twitter)');
    expect(sourceLabel('other')).toBe('Outros');
    expect(sourceLabel('blog.exemplo.com.br')).toBe('blog.exemplo.com.br');
  });

  it('names in pt-BR every source the server reserves a place for', () => {
    for (const source of KNOWN_SOURCES) expect(sourceLabel(source), source).not.toBe(source);
  });

  it("the daily chart's label names its days, one as one", () => {
    const best = { day: '2025-11-21', clicks: 6 };
    expect(insightsTexts.dailyLabel('2025-11-15', '2025-11-21', 10, best)).toBe('Cliques por dia, de 15/11 a 21/11: 10 cliques no total; o dia com mais cliques foi 21/11, com 6 cliques.');
    expect(insightsTexts.dailyLabel('2025-11-21', '2025-11-21', 6, best)).toBe('Cliques por dia, em 21/11: 6 cliques no total; o dia com mais cliques foi 21/11, com 6 cliques.');
    expect(insightsTexts.dailyLabel('2025-11-21', '2025-11-21', 0, undefined)).toBe('Cliques por dia, em 21/11: 0 cliques no total.');
  });

  it('devices and systems', () => {
    expect(['mobile', 'tablet', 'desktop', 'other'].map(deviceLabel)).toEqual(['Celular', 'Tablet', 'Computador', 'Outro']);
    expect(['android', 'ios', 'windows', 'macos', 'linux', 'chromeos', 'other'].map(systemLabel)).toEqual([
      'Android',
      'iOS',
      'Windows',
      'macOS',
      'Linux',
      'ChromeOS',
      'Outro',
    ]);
  });

  it('browsers: known names, others capitalised', () => {
    expect(browserLabel('chrome')).toBe('Chrome');
    expect(browserLabel('samsung')).toBe('Samsung Internet');
    expect(browserLabel('other')).toBe('Outro');
    expect(browserLabel('vivaldi')).toBe('Vivaldi');
    expect(browserLabel('netsurf')).toBe('Netsurf');
    expect(browserLabel('duckduckgo')).toBe('DuckDuckGo');
    expect(browserLabel('wechat')).toBe('WeChat');
    expect(browserLabel('samsung browser')).toBe('Samsung Internet');
    expect(browserLabel('chrome headless')).toBe('Chrome Headless');
    expect(browserLabel('instagram')).toBe('Instagram (app)');
    expect(browserLabel('x')).toBe('X (app)');
    expect(browserLabel('webview')).toBe('Navegador de app');
  });

  it('countries by Intl in pt-BR, unknown as Desconhecido', () => {
    expect(countryLabel('BR')).toBe('Brasil');
    expect(countryLabel('US')).toBe('Estados Unidos');
    expect(countryLabel('PT')).toBe('Portugal');
    expect(countryLabel('unknown')).toBe('Desconhecido');
  });

  it("the 27 states by their pt-BR names; other regions as they came", () => {
    expect(Object.keys(BRAZIL_STATES)).toHaveLength(27);
    expect(regionLabel('BR-SC')).toBe('Santa Catarina');
    expect(regionLabel('BR-SP')).toBe('São Paulo');
    expect(regionLabel('BR-DF')).toBe('Distrito Federal');
    expect(regionLabel('US-CA')).toBe('US-CA');
    expect(regionLabel('unknown')).toBe('Desconhecido');
  });

  it('hours as 0h…23h, ranges as the tabs say', () => {
    expect(hourLabel(0)).toBe('0h');
    expect(hourLabel(23)).toBe('23h');
    expect(([1, 7, 30, 90] as const).map(insightsTexts.rangeTab)).toEqual(['Hoje', '7 dias', '30 dias', '90 dias']);
  });

  it("a range's summary, said once its figures are in: the tab's words, one clique or many (pt-BR digits)", () => {
    expect(insightsTexts.rangeSummary(1, 1)).toBe('Hoje: 1 clique');
    expect(insightsTexts.rangeSummary(1, 0)).toBe('Hoje: 0 cliques');
    expect(insightsTexts.rangeSummary(7, 9)).toBe('Últimos 7 dias: 9 cliques');
    expect(insightsTexts.rangeSummary(90, 12_345)).toBe('Últimos 90 dias: 12.345 cliques');
  });
});
