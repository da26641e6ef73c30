import { describe, expect, it } from 'vitest';
import { downloadName } from './download-name';

// Local time: the name carries the day on the user's clock.
const date = new Date(2026, 10, 28, 23, 59);

describe('downloadName', () => {
  it('names the file after what made it and the local day', () => {
    expect(downloadName('id-photo', { date })).toBe('id-photo-2026-11-28.png');
    expect(downloadName('workbench', { date: new Date(2027, 0, 5, 0, 1) })).toBe('workbench-2027-01-05.png');
  });

  it('keeps another extension when asked', () => {
    expect(downloadName('logo', { date, extension: '.SVG' })).toBe('logo-2026-11-28.svg');
  });

  it('turns anything but letters and digits into single dashes', () => {
    expect(downloadName('../Upscaled 4x/..', { date })).toBe('upscaled-4x-2026-11-28.png');
    expect(downloadName('  ', { date })).toBe('image-2026-11-28.png');
  });

  it('uses today when no date is given', () => {
    expect(downloadName('face-swap')).toMatch(/^face-swap-\d{4}-\d{2}-\d{2}\.png$/);
  });
});
