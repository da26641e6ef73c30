import { Trans } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';

function Column({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold text-zinc-200">{title}</h2>
      <ul className="mt-3 flex flex-col gap-2 text-sm">{children}</ul>
    </div>
  );
}

const LINK = 'text-zinc-400 hover:text-white';

function FooterBrand() {
  return (
    <div>
      <p className="flex items-center gap-2 font-bold">
        <img src="/favicon.svg" alt="" width={28} height={28} className="h-7 w-7" />
        <span className="text-gradient">Image Studio</span>
      </p>
      <p className="mt-3 max-w-xs text-sm text-zinc-400">
        <Trans>Create and edit images with AI. Made for creators.</Trans>
      </p>
    </div>
  );
}

/** The copyright line, and the attribution the Twemoji artwork in generated images needs. */
function FooterNotice() {
  return (
    <p className="border-t border-white/5 px-4 py-5 text-center text-xs text-zinc-400">
      © 2026 Image Studio · <Trans>Made for creators</Trans>
      <br />
      {/* Generated images can contain Twemoji artwork: CC BY 4.0 asks for this notice (terms: Artwork in generated images). */}
      <span data-testid="twemoji-attribution">
        <Trans>
          Emoji artwork in generated images:{' '}
          <a href="https://github.com/jdecked/twemoji" className="underline hover:text-white">
            Twemoji
          </a>{' '}
          © 2020 Twitter, Inc. and other contributors,{' '}
          <a href="https://creativecommons.org/licenses/by/4.0/" className="underline hover:text-white">
            CC BY 4.0
          </a>
          , adapted to each style
        </Trans>
      </span>
    </p>
  );
}

/** The site footer (spec §1): what the studio is, where everything is, and the legal pages. */
export function Footer() {
  return (
    <footer className="mt-auto border-t border-white/5 bg-ink-950/60">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-10 sm:grid-cols-2 sm:px-6 lg:grid-cols-4">
        <FooterBrand />
        <Column title={<Trans>Create</Trans>}>
          <li>
            <Link to="/ai-workbench" className={LINK}>
              <Trans>Workbench</Trans>
            </Link>
          </li>
          <li>
            <Link to="/ai-tools-workbench" className={LINK}>
              <Trans>AI tools</Trans>
            </Link>
          </li>
          <li>
            <Link to="/image-upscaler" className={LINK}>
              <Trans>Image upscaler</Trans>
            </Link>
          </li>
          <li>
            <Link to="/showcase" className={LINK}>
              <Trans>Showcase</Trans>
            </Link>
          </li>
        </Column>
        <Column title={<Trans>Account</Trans>}>
          <li>
            <Link to="/pricing" className={LINK}>
              <Trans>Pricing</Trans>
            </Link>
          </li>
          <li>
            <Link to="/records" className={LINK}>
              <Trans>My creations</Trans>
            </Link>
          </li>
          <li>
            <Link to="/credits" className={LINK}>
              <Trans>My credits</Trans>
            </Link>
          </li>
          <li>
            <Link to="/referrals" className={LINK}>
              <Trans>Invite friends</Trans>
            </Link>
          </li>
        </Column>
        <Column title={<Trans>Legal</Trans>}>
          <li>
            <Link to="/terms" className={LINK}>
              <Trans>Terms of Service</Trans>
            </Link>
          </li>
          <li>
            <Link to="/privacy" className={LINK}>
              <Trans>Privacy Policy</Trans>
            </Link>
          </li>
        </Column>
      </div>
      <FooterNotice />
    </footer>
  );
}
