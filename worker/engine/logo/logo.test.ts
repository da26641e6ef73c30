import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { notesFromPrompt, toolById, compileToolPrompt } from '../../contract/tools';
import { brandName, readBrief } from './brief';
import { emblemName } from './emblem';
import { logoSvg, renderLogo } from './index';
import { measure } from './type';

describe('logo brief', () => {
  it('reads the brand name from the description, in both languages', () => {
    expect(brandName('Bean There coffee shop')).toBe('Bean There');
    expect(brandName('a logo for "Nimbus" cloud storage')).toBe('Nimbus');
    expect(brandName('「豆子」咖啡店')).toBe('豆子');
    expect(brandName('豆子咖啡店')).toBe('豆子');
    expect(brandName('fox bakery')).toBe('Fox');
  });

  it('finds an emblem for the trade and a mood for the palette', () => {
    expect(emblemName(readBrief('Bean There coffee shop'))).toBe('coffee');
    expect(emblemName(readBrief('豆子咖啡店'))).toBe('coffee');
    expect(readBrief('Quantum AI startup, tech').mood).toBe('tech');
    expect(readBrief('極簡 書店').mood).toBe('minimal');
  });

  it('takes the user description back out of the compiled logo prompt', () => {
    const tool = toolById('logo-generation');
    expect(notesFromPrompt(tool, compileToolPrompt(tool, { extra: 'Bean There coffee shop' }))).toBe('Bean There coffee shop');
  });
});

describe('logo rendering', () => {
  it('sets the brand name as real letter outlines, Latin and Chinese', () => {
    expect(measure('Bean There', 100)).toBeGreaterThan(300);
    expect(measure('豆子', 100)).toBeGreaterThan(150);
    const svg = logoSvg({ description: '豆子咖啡店', width: 1024, height: 1024, seed: 1 });
    expect(svg).toContain('<title>豆子</title>');
    // Glyph outlines, not <text>: the same on every machine.
    expect(svg).not.toContain('<text');
    expect((svg.match(/<path d="M/g) ?? []).length).toBeGreaterThan(4);
  });

  it('renders a 1024 PNG with four variants whose text is visible ink on paper', async () => {
    const png = await renderLogo({ description: 'Bean There coffee shop', width: 1024, height: 1024, seed: 1 });
    const meta = await sharp(png).metadata();
    expect([meta.width, meta.height]).toEqual([1024, 1024]);
    // The wordmark cell holds dark letters on light paper: a real share of dark pixels where the name is.
    const { data, info } = await sharp(png)
      .extract({ left: 150, top: 200, width: 300, height: 110 })
      .greyscale()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const dark = data.filter((v) => v < 100).length / (info.width * info.height);
    expect(dark).toBeGreaterThan(0.08);
    expect(await renderLogo({ description: 'Bean There coffee shop', width: 1024, height: 1024, seed: 1 })).toEqual(png);
  });
});
