import { describe, expect, it } from 'vitest';
import { upscaleSizeProblem } from './upscale';
import { unsupportedUploadMessage } from './uploads';
import { createTestApp } from '../../tests/setup/test-app';
import { localiseErrorMessage, localiseJobFailure, messageLocale } from './error-messages';

describe('messageLocale', () => {
  it.each([
    [undefined, 'en'],
    ['', 'en'],
    ['zh-Hant', 'zh-Hant'],
    ['zh-TW,zh;q=0.9,en;q=0.8', 'zh-Hant'],
    ['en-US,en;q=0.9,zh-TW;q=0.8', 'en'],
    ['en;q=0.5, zh-HK;q=0.9', 'zh-Hant'],
    ['zh;q=0, en', 'en'],
  ])('%s → %s', (header, locale) => expect(messageLocale(header)).toBe(locale));
});

describe('localiseErrorMessage', () => {
  it('leaves English as the service wrote it', () =>
    expect(localiseErrorMessage('INSUFFICIENT_CREDITS', 'Insufficient credits, please recharge and try again', 'en')).toBe(
      'Insufficient credits, please recharge and try again',
    ));
  it('translates known wordings, with their parameters', () => {
    expect(localiseErrorMessage('INSUFFICIENT_CREDITS', 'Insufficient credits, please recharge and try again', 'zh-Hant')).toBe(
      '點數不足，請儲值後再試',
    );
    expect(localiseErrorMessage('RESEND_TOO_SOON', 'Please wait 42 seconds before requesting a new code', 'zh-Hant')).toBe(
      '請等待 42 秒後再索取新的驗證碼',
    );
  });
  it('translates the upscaler size refusal and the upload format rule from their own builders', () => {
    const problem = upscaleSizeProblem(1200, 900, 8)!;
    const zh = localiseErrorMessage(
      'PAYLOAD_TOO_LARGE',
      `${problem}. Send fitToBudget=true to shrink it to fit, or choose a smaller factor`,
      'zh-Hant',
    );
    expect(zh).toContain('這張是 1200×900');
    expect(zh).toContain('fitToBudget=true');
    expect(localiseErrorMessage('UNSUPPORTED_MEDIA_TYPE', unsupportedUploadMessage(true), 'zh-Hant')).toBe(
      '僅支援 JPG、PNG、WebP、GIF 格式',
    );
    expect(localiseErrorMessage('UNSUPPORTED_MEDIA_TYPE', unsupportedUploadMessage(false), 'zh-Hant')).toBe('僅支援 JPG、PNG、WebP 格式');
  });
  it('says what the code means for a wording it does not know, never English', () => {
    const message = localiseErrorMessage('NOT_FOUND', 'No route for GET /api/nope', 'zh-Hant');
    expect(message).toBe('找不到資源，可能已被刪除');
    expect(message).not.toMatch(/[A-Za-z]{3}/);
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
      expect(await zh.json()).toMatchObject({ success: false, error: { code: 'NOT_FOUND', message: '找不到資源，可能已被刪除' } });
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
