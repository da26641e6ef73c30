import { describe, expect, it } from 'vitest';
import { createTestApp } from '@tests/setup/test-app';
import { localiseJobFailure } from '../i18n/job-failures';
import { decodeMessage, encodeMessage, MESSAGES, renderMessage, say } from './messages';
import { upscaleSizeProblem } from './upscale';

describe('rendered messages', () => {
  it('say each message in both languages, the translation with no parameter its English lacks', () => {
    for (const [id, texts] of Object.entries(MESSAGES)) {
      const names = (text: string) => new Set([...text.matchAll(/\{(\w+)(?:\|[^}]*)?\}/g)].map((m) => m[1]));
      const english = names(texts.en);
      expect(
        [...names(texts['zh-Hant'])].filter((name) => !english.has(name)),
        id,
      ).toEqual([]);
      expect(texts['zh-Hant'], id).not.toBe('');
    }
  });
  it('fills parameters, grouping numbers the reader’s way', () => {
    expect(renderMessage(say('resendTooSoon', { seconds: 42 }), 'zh-Hant')).toBe('請等待 42 秒後再索取新的驗證碼');
    const problem = upscaleSizeProblem(1200, 900, 8)!;
    const zh = renderMessage(say('upscaleTooLargeFit', problem), 'zh-Hant');
    expect(zh).toContain('這張是 1,200×900');
    expect(zh).toContain('fitToBudget=true');
    expect(renderMessage(say('upscaleTooLargeFit', problem), 'en')).toMatch(/^At 8× the image can be at most [\d,]+ pixels/);
  });
  it('carries a message through a zod issue and back', () => {
    const message = say('tooManyImagesPerEdit', { max: 5 });
    expect(decodeMessage(encodeMessage(message), { field: 'images' })).toEqual({
      id: 'tooManyImagesPerEdit',
      params: { field: 'images', max: 5 },
    });
    expect(decodeMessage('Some English sentence')).toBeNull();
  });
});

describe('localiseJobFailure', () => {
  const failed = {
    status: 'FAILED',
    failureCode: 'TIMED_OUT' as const,
    message: 'Operation timed out',
    error: 'Operation timed out',
    errorMessage: null,
    credits: 4,
  };
  it('says a failed job in the reader language from its code and leaves the rest as it is', () => {
    expect(localiseJobFailure(failed, 'zh-Hant')).toEqual({ ...failed, message: '操作逾時', error: '操作逾時' });
    expect(localiseJobFailure({ failureCode: 'NO_FACE_FOUND' as const, errorMessage: 'x' }, 'zh-Hant')).toEqual({
      failureCode: 'NO_FACE_FOUND',
      errorMessage: '照片中找不到人臉：請上傳臉部清晰可見的人像照',
    });
    expect(localiseJobFailure(failed, 'en')).toEqual(failed);
  });

  it('leaves a body without a failure code as it is, whatever its text says', () => {
    const body = { status: 'COMPLETED', errorMessage: 'Operation timed out' };
    expect(localiseJobFailure(body, 'zh-Hant')).toBe(body);
  });
});

describe('error bodies follow Accept-Language', () => {
  it('an unknown route and a refused sign-in answer in Chinese for a Chinese client; code unchanged', async () => {
    const t = await createTestApp();
    try {
      const zh = await t.app.request('/api/nope', { headers: { 'accept-language': 'zh-TW,zh;q=0.9' } });
      expect(await zh.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND', message: '找不到 GET /api/nope' } });
      const en = await t.app.request('/api/nope');
      expect(await en.json()).toMatchObject({ error: { code: 'NOT_FOUND', message: 'No route for GET /api/nope' } });
      const bad = await t.app.request('/api/auth/login/send-code', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': 'zh-Hant' },
        body: JSON.stringify({ email: 'not-an-email' }),
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED', message: '請輸入有效的電子郵件', field: 'email' } });
    } finally {
      await t.close();
    }
  });
});
