import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { toolById } from '../../contract/tools';
import { brandName, readBrief } from './brief';
import { emblemName } from './emblem';
import { logoSvg, renderLogo } from './index';
import { measure, pathData } from './type';

describe('logo brief', () => {
  it('reads the brand name from the description, in both languages', () => {
    expect(brandName('Bean There coffee shop')).toBe('Bean There');
    expect(brandName('a logo for "Nimbus" cloud storage')).toBe('Nimbus');
    expect(brandName('「豆子」咖啡店')).toBe('豆子');
    expect(brandName('豆子咖啡店')).toBe('豆子咖啡店');
    expect(brandName('fox bakery')).toBe('Fox');
  });

  it('reads the name after called / named / 叫做 / 名為 / 叫, and skips capitalised words that are not names', () => {
    const cases: [string, string][] = [
      ['a coffee shop called Bean There', 'Bean There'],
      ['Logo for my bakery named Sweet Crumbs', 'Sweet Crumbs'],
      ['a bakery named sweet crumbs that sells bread', 'Sweet Crumbs'],
      ['A modern logo for GreenLeaf Organics, a healthy food brand', 'GreenLeaf Organics'],
      ['tech company Nova Systems', 'Nova Systems'],
      ['a minimalist logo for a yoga studio called Lotus Flow', 'Lotus Flow'],
      ['Quantum AI startup, tech', 'Quantum AI'],
      ['Stone & Timber architecture', 'Stone & Timber'],
      ['Atlas Legal, law firm', 'Atlas Legal'],
      ['The Daily Grind coffee', 'Daily Grind'],
      ["a logo for 'Nimbus' cloud storage", 'Nimbus'],
      ['Coffee shop for students', 'Your Brand'],
      ['我的咖啡店叫做豆子', '豆子'],
      ['一家叫小森的花店', '小森'],
      ['一間名為「墨香」的書店', '墨香'],
      ['我的品牌名叫晨光', '晨光'],
      ['幫我設計一個豆子咖啡店的標誌', '豆子咖啡店'],
      ['山海科技公司', '山海科技公司'],
      ['山嵐咖啡烘焙坊', '山嵐咖啡烘焙坊'],
      ['山嵐', '山嵐'],
      ['小貓寵物店', '小貓寵物店'],
      ['海風旅行社', '海風旅行社'],
      ['北極星遊戲', '北極星遊戲'],
      ['花語花店', '花語花店'],
      ['月光酒吧', '月光酒吧'],
      ['設計 Nova 科技公司的標誌', 'Nova'],
      ['我的咖啡店', '您的品牌'],
    ];
    expect(cases.map(([text]) => [text, brandName(text)])).toEqual(cases);
    // The emblem follows the trade, not a word like "studio" (which Lucide tags on a keyboard).
    expect(emblemName(readBrief('a minimalist logo for a yoga studio called Lotus Flow'))).toBe('flower-2');
    expect(emblemName(readBrief('tech company Nova Systems'))).toBe('cpu');
  });

  it("gives a sensible name for the page's suggestion chips, in both languages, alone or added to a description", () => {
    // The chips' own texts as the page shows them (tool-page.tsx → the locale catalogues).
    const chips = toolById('logo-generation').components.flatMap((c) => ('suggestions' in c ? (c.suggestions ?? []) : []));
    expect(chips).toEqual(['business', 'creative', 'minimal', 'tech']);
    const catalogue = readFileSync(new URL('../../../web/src/locales/zh-Hant/messages.po', import.meta.url), 'utf8');
    const zh = chips.map((chip) => new RegExp(`msgid "${chip}"\\nmsgstr "([^"]+)"`).exec(catalogue)?.[1]);
    expect(zh).toEqual(['商務', '創意', '極簡', '科技']);
    const moods = ['business', 'creative', 'minimal', 'tech'];
    chips.forEach((chip, i) => {
      // A chip alone names nothing: a placeholder, not "Business" or "Tech".
      expect(brandName(chip)).toBe('Your Brand');
      expect(brandName(zh[i]!)).toBe('您的品牌');
      // The page appends a chip as ", word" (tool-page.tsx): the name stays, the mood follows the chip.
      expect(brandName(`Bean There coffee shop, ${chip}`)).toBe('Bean There');
      expect(brandName(`a coffee shop called Bean There, ${chip}`)).toBe('Bean There');
      expect(brandName(`豆子咖啡店, ${zh[i]}`)).toBe('豆子咖啡店');
      expect(brandName(`我的咖啡店叫做豆子, ${zh[i]}`)).toBe('豆子');
      expect(readBrief(`Nova Systems, ${chip}`).mood).toBe(moods[i]);
      expect(readBrief(`新星, ${zh[i]}`).mood).toBe(moods[i]);
    });
    expect(brandName('Bean There coffee shop, minimal, tech')).toBe('Bean There');
    expect(brandName('豆子咖啡店, 極簡, 科技')).toBe('豆子咖啡店');
    expect(brandName('商務 顧問公司')).toBe('您的品牌');
  });

  it('finds an emblem for the trade and a mood for the palette', () => {
    expect(emblemName(readBrief('Bean There coffee shop'))).toBe('coffee');
    expect(emblemName(readBrief('豆子咖啡店'))).toBe('coffee');
    expect(readBrief('Quantum AI startup, tech').mood).toBe('tech');
    expect(readBrief('極簡 書店').mood).toBe('minimal');
  });
});

describe('logo rendering', () => {
  it('sets the brand name as real letter outlines, Latin and Chinese', () => {
    expect(measure('Bean There', 100)).toBeGreaterThan(300);
    expect(measure('豆子', 100)).toBeGreaterThan(150);
    const svg = logoSvg({ description: '豆子咖啡店', width: 1024, height: 1024, seed: 1 });
    expect(svg).toContain('<title>豆子咖啡店</title>');
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

  it('writes glyph paths with finite numbers only: no NaN for any name, face, size or palette', () => {
    // opentype.js 2.0.0's toPathData wrote NaN for coordinates like 220.00000000000003.
    expect(
      pathData([{ type: 'M', x: 220.00000000000003, y: 10 }, { type: 'Q', x1: 1e-14, y1: -0.001, x: 5.555, y: 6 }, { type: 'Z' }]),
    ).toBe('M220 10Q0 0 5.55 6Z');
    // A damaged command becomes a line to its end point, or is left out; a contour still opens with M.
    expect(
      pathData([
        { type: 'M', x: Number.NaN, y: 1 },
        { type: 'L', x: 2, y: 3 },
        { type: 'C', x1: Number.POSITIVE_INFINITY, y1: 0, x2: 0, y2: 0, x: 4, y: 5 },
      ]),
    ).toBe('M2 3L4 5');
    const english = [
      'Sunrise Bakery, warm and cozy',
      'a logo for "Nimbus" cloud storage',
      'Harbor Light seafood restaurant',
      'Iron Peak gym',
      'Bean There coffee shop',
      'a coffee shop called Bean There',
      'Logo for my bakery named Sweet Crumbs',
      'A modern logo for GreenLeaf Organics, a healthy food brand',
      'tech company Nova Systems',
      'Quantum AI startup, tech',
      'Blue Owl Books',
      'Maple & Co. furniture',
      'Pixel Forge game studio',
      'Silver Fern travel agency',
      'Golden Hour photography',
      'Urban Roots garden',
      'Moonlight Jazz Club',
      'Red Panda pet shop',
      'Atlas Legal, law firm',
      'Brightside Dental clinic',
      'Copper Kettle tea house',
      'Northwind Logistics',
      'Velvet Salon',
      'Summit Capital finance',
      'Little Sprouts kids school',
      'Wild Oats bakery',
      'Echo Labs software',
      'Stone & Timber architecture',
      'Coral Reef diving',
      'Evergreen yoga studio',
      'a minimalist logo for a yoga studio called Lotus Flow',
      'Bright Ideas creative agency',
      'Zenith Watches',
      'Happy Paws grooming',
      'Swift Bikes',
      'Crimson Tide surf shop',
      'Quill & Ink stationery',
      'Orbit Analytics data platform',
      'Saffron Kitchen',
      'Aurora Skincare beauty',
      'Kinetic Fitness',
      'Willow Florist',
      'Riverbend Winery',
      'Hopscotch Toys',
      'Jupiter Records music',
      'Lighthouse Insurance',
      'Fable Bookstore',
      'Mosaic Design',
      'Tidal Energy',
      'Wanderlust Travel',
    ];
    const chinese = [
      '山海科技公司',
      '「豆子」咖啡店',
      '豆子咖啡店',
      '我的咖啡店叫做豆子',
      '晨光麵包坊',
      '綠葉有機餐廳',
      '星空音樂工作室',
      '小貓寵物店',
      '海風旅行社',
      '青山健身房',
      '一間名為「墨香」的書店',
      '雲端軟體公司',
      '花語花店',
      '金鼎銀行',
      '安心牙醫診所',
      '樂活瑜珈教室',
      '極簡 書店',
      '創意設計公司',
      '商務顧問公司',
      '茶香茶館',
      '月光酒吧',
      '阿福拉麵',
      '飛鳥攝影',
      '春天美容',
      '大橋建築事務所',
      '快樂學堂',
      '鐵馬自行車',
      '好運汽車',
      '北極星遊戲',
      '日出烘焙',
    ];
    const bad: string[] = [];
    for (const description of [...english, ...chinese]) {
      for (const seed of [0, 1, 2, 3]) {
        const svg = logoSvg({ description, width: 1024, height: 1024, seed });
        if (/NaN|Infinity|undefined/.test(svg)) bad.push(`${description} #${seed}`);
        for (const [, d] of svg.matchAll(/<path d="([^"]*)" fill="/g)) {
          if (!/^(?:[MLQCZ](?:-?\d+(?:\.\d+)?[ ,]?)*)+$/.test(d!.replace(/\s+/g, ' ')))
            bad.push(`${description} #${seed}: ${d!.slice(0, 40)}`);
        }
      }
    }
    expect(english.length + chinese.length).toBe(80);
    expect(bad).toEqual([]);
  });

  it('keeps every letter inside its own variant, long names on two lines, in both languages', () => {
    for (const description of [
      '"Pacific Northwest Outdoor Supply"',
      'GreenLeaf Organics',
      '北極星遊戲工作室',
      '「晨光烘焙坊有限公司」',
      'Nova',
    ]) {
      const svg = logoSvg({ description, width: 1024, height: 1024, seed: 0 });
      const cells = svg.split(/<g transform="translate\((?:0|512) (?:0|512)\)">/).slice(1);
      expect(cells).toHaveLength(4);
      for (const cell of cells) {
        for (const [, d] of cell.matchAll(/<path d="([^"]*)" fill="/g)) {
          const numbers = d!.match(/-?\d+(?:\.\d+)?/g)!.map(Number);
          expect(Math.min(...numbers), description).toBeGreaterThanOrEqual(0);
          expect(Math.max(...numbers), description).toBeLessThanOrEqual(512);
        }
      }
    }
    // Two words that would set small on one line in the badge break onto two lines there.
    const badge = logoSvg({ description: 'GreenLeaf Organics', width: 1024, height: 1024, seed: 0 }).split(
      /<g transform="translate\((?:0|512) (?:0|512)\)">/,
    )[2]!;
    const baselines = new Set([...badge.matchAll(/<path d="M[\d.]+ ([\d.]+)/g)].map((m) => Math.round(Number(m[1]) / 20)));
    expect(baselines.size).toBeGreaterThan(1);
  });
});
