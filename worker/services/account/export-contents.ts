import { asc, eq, inArray } from 'drizzle-orm';
import { Zip, ZipPassThrough } from 'fflate';
import { schema, type Db } from '@db/client';
import { DATA_EXPORT } from '../../contract/account';
import type { StoredBlob } from '../../ports';

/**
 * What "My data" puts in the zip: the account's own records as JSON (profile, orders with
 * refunds and subscriptions, the credit ledger, creation records, referrals) and the files it owns
 * (results, the photos it uploaded for them, the avatar). Other people's data stays out: an invitee is
 * a date, a status and a reward, never a name or address.
 */
const BLOB_URL_PREFIX = '/api/files/';

/**
 * The most image bytes one export holds (decision 018). The zip is built in memory and then copied
 * into one buffer for the blob store, so an export peaks near twice this plus its JSON: 80 MB of a
 * Worker isolate's 128 MB. Images past it are left out and named in not-included.json; they stay
 * downloadable one by one from My Creations.
 */
export const EXPORT_IMAGE_BYTES_MAX = DATA_EXPORT.imageMegabytesMax * 1024 * 1024;
const MB = 1024 * 1024;

/** The blob key behind one of our file URLs, or null for anything else (a static asset, a foreign URL). */
export const blobKeyOf = (url: string | null | undefined) =>
  url?.startsWith(BLOB_URL_PREFIX) ? url.slice(BLOB_URL_PREFIX.length).split('?')[0]! : null;

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const extensionOf = (key: string) => key.match(/\.([a-z0-9]{2,5})$/i)?.[1]?.toLowerCase() ?? 'bin';

export interface ExportFile {
  /** Path inside the zip. */
  path: string;
  blobKey: string;
}

/** An image the size bound left out: where it would have been, its blob, its size. */
export interface LeftOut {
  path: string;
  blobKey: string;
  bytes: number;
}

export interface ExportPlan {
  documents: { path: string; data: unknown }[];
  files: ExportFile[];
}

/**
 * Reads everything the export holds, except the file bytes (read one at a time while zipping).
 * `uploads`: the keys stored under the account's `users/<id>/uploads/` (the blob port's listing), so
 * photos uploaded for work that never became a record are in the zip too. A next part (`part` > 1)
 * holds only the images in `only` (the blob keys the part before left out) beside the same records.
 */
export async function planExport(
  db: Db,
  userId: string,
  now: Date,
  options: { uploads?: string[]; part?: number; only?: ReadonlySet<string> } = {},
): Promise<ExportPlan> {
  const rows = await readAccount(db, userId);
  const { user } = rows;

  const files: ExportFile[] = [];
  const avatarKey = blobKeyOf(user.avatarUrl);
  const avatarPath = avatarKey ? `images/avatar.${extensionOf(avatarKey)}` : null;
  if (avatarKey && avatarPath) files.push({ path: avatarPath, blobKey: avatarKey });
  const creations = creationsWithFiles(rows.records, userId, files);
  addUnusedUploads(files, userId, options.uploads ?? []);
  const only = options.only;
  const images = only ? files.filter((f) => only.has(f.blobKey)) : files;

  const documents: ExportPlan['documents'] = [
    { path: 'profile.json', data: profileDocument(rows, avatarPath) },
    { path: 'orders.json', data: ordersDocument(rows) },
    { path: 'credit-ledger.json', data: ledgerDocument(rows) },
    { path: 'creations.json', data: { creations } },
    { path: 'referrals.json', data: referralsDocument(rows) },
  ];
  documents.push({ path: 'README.txt', data: readme(now, images.length, options.part ?? 1) });
  return { documents, files: images };
}

/** The account's rows the export is made of, and the names of the plans its orders bought. */
type AccountRows = Awaited<ReturnType<typeof readAccount>>;

async function readAccount(db: Db, userId: string) {
  const [user] = await db.select().from(schema.users).where(eq(schema.users.id, userId));
  if (!user) throw new Error('user not found');
  const [identities, code, account, ledger, orders, subscriptions, refunds, records, invited, invitedBy] = await Promise.all([
    db.select().from(schema.authIdentities).where(eq(schema.authIdentities.userId, userId)),
    db.select().from(schema.referralCodes).where(eq(schema.referralCodes.userId, userId)),
    db.select().from(schema.creditAccounts).where(eq(schema.creditAccounts.userId, userId)),
    db.select().from(schema.creditLedger).where(eq(schema.creditLedger.userId, userId)).orderBy(asc(schema.creditLedger.seq)),
    db.select().from(schema.orders).where(eq(schema.orders.userId, userId)).orderBy(asc(schema.orders.createdAt)),
    db.select().from(schema.subscriptions).where(eq(schema.subscriptions.userId, userId)).orderBy(asc(schema.subscriptions.createdAt)),
    db.select().from(schema.refunds).where(eq(schema.refunds.userId, userId)).orderBy(asc(schema.refunds.createdAt)),
    db
      .select()
      .from(schema.creationRecords)
      .where(eq(schema.creationRecords.userId, userId))
      .orderBy(asc(schema.creationRecords.createdAt)),
    db.select().from(schema.referrals).where(eq(schema.referrals.referrerId, userId)).orderBy(asc(schema.referrals.createdAt)),
    db.select().from(schema.referrals).where(eq(schema.referrals.invitedUserId, userId)),
  ]);
  const planIds = [...new Set(orders.map((o) => o.planId))];
  const plans = planIds.length ? await db.select().from(schema.pricingPlans).where(inArray(schema.pricingPlans.id, planIds)) : [];
  const planName = new Map(plans.map((p) => [p.id, p.name]));
  return { user, identities, code, account, ledger, orders, subscriptions, refunds, records, invited, invitedBy, planName };
}

/**
 * The account's creations as the export lists them, adding the files each owns (its result and
 * source photos under `users/<id>/`) to `files` as it goes.
 */
function creationsWithFiles(records: AccountRows['records'], userId: string, files: ExportFile[]) {
  // Deleted records' files are gone; the ledger still names them, so their ids stay findable there.
  return records
    .filter((r) => !r.deletedAt)
    .map((r) => {
      const own: string[] = [];
      const add = (key: string | null, name: string) => {
        if (!key?.startsWith(`users/${userId}/`)) return;
        const path = `images/${r.id}/${name}.${extensionOf(key)}`;
        files.push({ path, blobKey: key });
        own.push(path);
      };
      add(blobKeyOf(r.imageUrl), 'result');
      for (const [i, url] of (r.sourceImageUrls ?? []).entries()) add(blobKeyOf(url), `source-${i + 1}`);
      return {
        id: r.id,
        type: r.type,
        status: r.status,
        prompt: r.prompt,
        userWords: r.userWords,
        style: r.style,
        model: r.model,
        toolId: r.toolId,
        width: r.width,
        height: r.height,
        credits: r.credits,
        failureCode: r.failureCode,
        createdAt: iso(r.createdAt),
        files: own,
      };
    });
}

/** Photos under the account's uploads folder that no creation or avatar already put in the zip. */
function addUnusedUploads(files: ExportFile[], userId: string, uploads: string[]): void {
  const uploadsPrefix = `users/${userId}/uploads/`;
  const planned = new Set(files.map((f) => f.blobKey));
  for (const key of [...uploads].sort()) {
    if (!key.startsWith(uploadsPrefix) || planned.has(key)) continue;
    planned.add(key);
    files.push({ path: `images/uploads/${key.slice(uploadsPrefix.length)}`, blobKey: key });
  }
}

/** profile.json: the account, how it signs in and its referral code. */
function profileDocument({ user, identities, code }: AccountRows, avatarPath: string | null) {
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    createdWith: user.authProvider,
    hasPassword: Boolean(user.passwordHash),
    avatar: avatarPath,
    createdAt: iso(user.createdAt),
    signInMethods: identities.map((i) => ({ provider: i.provider, since: iso(i.createdAt), lastUsedAt: iso(i.lastUsedAt) })),
    referralCode: code[0]?.code ?? null,
  };
}

/** orders.json: orders with their refunds, and subscriptions, products by plan name. */
function ordersDocument({ orders, subscriptions, refunds, planName }: AccountRows) {
  const refundsOf = (orderId: string) =>
    refunds
      .filter((r) => r.orderId === orderId)
      .map((r) => ({
        id: r.id,
        status: r.status,
        origin: r.origin,
        reason: r.reason,
        amount: r.amountCents / 100,
        creditsTakenBack: r.creditsClawedBack,
        createdAt: iso(r.createdAt),
      }));

  return {
    orders: orders.map((o) => ({
      id: o.id,
      orderNumber: o.orderNumber,
      product: planName.get(o.planId) ?? o.planId,
      kind: o.kind,
      status: o.status,
      amount: o.amountCents / 100,
      currency: o.currency,
      paymentMethod: o.paymentMethod,
      credits: o.credits,
      creditsAdded: o.creditsAdded,
      periodStart: iso(o.periodStart),
      periodEnd: iso(o.periodEnd),
      createdAt: iso(o.createdAt),
      paidAt: iso(o.paidAt),
      refundedAt: iso(o.refundedAt),
      refunds: refundsOf(o.id),
    })),
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      plan: planName.get(s.planId) ?? s.planId,
      status: s.status,
      monthlyCredits: s.monthlyCredits,
      price: s.priceCents / 100,
      paymentMethod: s.paymentMethod,
      currentPeriodStart: iso(s.currentPeriodStart),
      currentPeriodEnd: iso(s.currentPeriodEnd),
      cancelledAt: iso(s.cancelledAt),
      endsAt: iso(s.endsAt),
      createdAt: iso(s.createdAt),
    })),
  };
}

/** credit-ledger.json: the balances at export time and every credit movement. */
function ledgerDocument({ account, ledger }: AccountRows) {
  return {
    balance: {
      free: account[0]?.freeBalance ?? 0,
      paid: account[0]?.paidBalance ?? 0,
      subscription: account[0]?.subscriptionBalance ?? 0,
    },
    movements: ledger.map((row) => ({
      id: row.id,
      createdAt: iso(row.createdAt),
      type: row.type,
      bucket: row.bucket,
      amount: row.amount,
      balanceAfter: row.balanceAfter,
      referenceType: row.referenceType,
      referenceId: row.referenceId,
      reason: row.reason,
      reasonParams: row.reasonParams,
    })),
  };
}

/** Other people's data stays out: an invitee is a date, a status and a reward. */
function referralsDocument({ invited, invitedBy }: AccountRows) {
  return {
    invitedBy: invitedBy[0] ? { since: iso(invitedBy[0].createdAt) } : null,
    invited: invited.map((r) => ({
      since: iso(r.createdAt),
      status: r.status,
      registrationReward: r.registrationReward,
      purchaseReward: r.purchaseReward,
    })),
  };
}

function readme(now: Date, fileCount: number, part: number) {
  return [
    part > 1 ? `Image Studio: your data, part ${part}` : 'Image Studio: your data',
    `Exported ${now.toISOString()}.`,
    ...(part > 1 ? ['Its images are the ones the part before left out; the records are as they were at this export.'] : []),
    '',
    'profile.json        your account: name, e-mail, how you sign in, your referral code',
    'orders.json         your orders, their refunds and your subscriptions',
    'credit-ledger.json  every credit movement of your account and the balance at export time',
    'creations.json      your creations (prompts, settings, status) and where their images are in this zip',
    'referrals.json      whom you invited (dates and rewards only) and whether you were invited',
    `images/             your results, the photos you uploaded for them and your avatar (${fileCount} files)`,
    'images/uploads/     photos you uploaded that no creation uses',
    'missing.json        (only if present) files that could not be read at export time',
    `not-included.json   (only if present) images left out: one export holds at most ${EXPORT_IMAGE_BYTES_MAX / MB} MB of images`,
  ].join('\n');
}

/** DEFLATE without a header or checksum (the zip entry carries its own CRC-32), by the runtime's CompressionStream. */
async function deflateRaw(content: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const stream = new Blob([content as Uint8Array<ArrayBuffer>]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

/**
 * A deflated zip entry whose bytes were compressed before it was added, by the runtime (Workers and
 * Node both have CompressionStream) rather than by fflate's own deflate, which would cost the Worker
 * script ≈ 3 KB gz (decision 071). fflate's documented way to bring another compressor: a
 * ZipPassThrough subclass. `push` is given the original content, so the entry's CRC-32 and size are
 * the original's; `process` writes the deflated bytes in its place.
 */
class PredeflatedEntry extends ZipPassThrough {
  constructor(
    filename: string,
    private readonly deflated: Uint8Array<ArrayBuffer>,
  ) {
    super(filename);
    this.compression = 8;
  }

  override process(_content: Uint8Array, final: boolean) {
    this.ondata(null, this.deflated, final);
  }
}

/**
 * Streams the plan into a zip held in memory: JSON is deflated, images are stored as they are (PNG,
 * JPEG and WebP are compressed already). `openBlob` answers null for a file that is gone; it is
 * listed in missing.json instead. Images are added in plan order while they fit in `maxImageBytes`
 * (EXPORT_IMAGE_BYTES_MAX); one that does not fit is not read and is listed in not-included.json.
 * `onFile` reports progress after each image.
 */
export async function writeExportZip(
  plan: ExportPlan,
  openBlob: (key: string) => Promise<StoredBlob | null>,
  options: { mtime: Date; onFile?: (done: number, total: number) => Promise<void>; maxImageBytes?: number },
): Promise<{ bytes: Uint8Array; fileCount: number; notIncluded: LeftOut[] }> {
  const maxImageBytes = options.maxImageBytes ?? EXPORT_IMAGE_BYTES_MAX;
  const chunks: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((error, chunk) => {
    if (error) failure = error;
    else chunks.push(chunk);
  });
  const addDocument = async (path: string, data: unknown) => {
    const content = new TextEncoder().encode(typeof data === 'string' ? data : `${JSON.stringify(data, null, 2)}\n`);
    const entry = new PredeflatedEntry(path, await deflateRaw(content));
    entry.mtime = options.mtime;
    zip.add(entry);
    entry.push(content, true);
  };
  for (const doc of plan.documents) await addDocument(doc.path, doc.data);
  const missing: string[] = [];
  const notIncluded: LeftOut[] = [];
  let written = 0;
  let imageBytes = 0;
  for (const [index, file] of plan.files.entries()) {
    const blob = await openBlob(file.blobKey);
    if (!blob) missing.push(file.path);
    else if (imageBytes + blob.size > maxImageBytes) {
      await blob.body.cancel().catch(() => {});
      notIncluded.push({ path: file.path, blobKey: file.blobKey, bytes: blob.size });
    } else {
      const bytes = new Uint8Array(await new Response(blob.body).arrayBuffer());
      // The stored size is the store's word; the bytes read are what count.
      if (imageBytes + bytes.length > maxImageBytes) notIncluded.push({ path: file.path, blobKey: file.blobKey, bytes: bytes.length });
      else {
        const entry = new ZipPassThrough(file.path);
        entry.mtime = options.mtime;
        zip.add(entry);
        entry.push(bytes, true);
        imageBytes += bytes.length;
        written++;
      }
    }
    await options.onFile?.(index + 1, plan.files.length);
  }
  if (missing.length) await addDocument('missing.json', { missing });
  if (notIncluded.length)
    await addDocument('not-included.json', {
      note: `One export holds at most ${maxImageBytes / MB} MB of images, so these were left out. "Export the remaining images" in your personal center makes a next part of them; each is also in My Creations, where it can be downloaded.`,
      notIncluded: notIncluded.map(({ path, bytes }) => ({ file: path, bytes })),
    });
  zip.end();
  if (failure) throw failure;
  const size = chunks.reduce((sum, c) => sum + c.length, 0);
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.length;
  }
  return { bytes, fileCount: written, notIncluded };
}
