import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page';

function Terms() {
  return (
    <LegalPage
      title={<Trans>Terms of Service</Trans>}
      updated="2026-11-01"
      other="privacy"
      intro={
        <Trans>
          These terms apply when you use Image Studio, our website for creating and editing images with AI. By creating an account or using
          the service you accept them.
        </Trans>
      }
      sections={[
        [
          <Trans key="h1">The service</Trans>,
          <p key="b1">
            <Trans>
              Image Studio generates images from text, edits photos you upload and offers single-purpose tools such as portraits,
              restoration, ID photos, logos and upscaling. Results are made by AI models and can be imperfect; check them before you rely on
              them.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h2">Your account</Trans>,
          <p key="b2">
            <Trans>
              You sign in with Google, an e-mail code or a password. Keep your sign-in details to yourself and tell us if you think someone
              else used your account. You must be at least 16 years old to have an account.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h3">Credits and payments</Trans>,
          <>
            <p>
              <Trans>
                Generations are paid with credits: a 1024×1024 image costs 4 credits. New accounts receive free credits once their e-mail is
                confirmed.
              </Trans>
            </p>
            <p>
              <Trans>
                Credit packs never expire. Subscriptions add credits every month; unused subscription credits roll over while the
                subscription is active and lapse when it ends. Prices are shown in US dollars, and payments are handled by Stripe (cards) or
                PayPal.
              </Trans>
            </p>
          </>,
        ],
        [
          <Trans key="h4">Refunds</Trans>,
          <p key="b4">
            <Trans>
              You can ask for a refund within 3 days of a purchase if its credits are unused, at most twice in 30 days. Refunds reach you
              within 3–5 business days. Credits spent on a generation that fails are returned to your balance automatically.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h5">Your content</Trans>,
          <p key="b5">
            <Trans>
              The photos you upload and the images you create stay yours, and you may use your results for personal and commercial purposes.
              You give us only the permission we need to store and process them to run the service for you.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h10">Artwork in generated images</Trans>,
          // Twemoji's licence (CC BY 4.0) asks for the creators, the copyright notice, the licence and
          // whether the work was changed, wherever the artwork is shared.
          <p key="b10" data-testid="twemoji-attribution">
            <Trans>
              Images made by our built-in image engine can contain emoji artwork from{' '}
              <a href="https://github.com/jdecked/twemoji" className="underline">
                Twemoji
              </a>
              , copyright 2020 Twitter, Inc. and other contributors, licensed under{' '}
              <a href="https://creativecommons.org/licenses/by/4.0/" className="underline">
                CC BY 4.0
              </a>
              . The engine scales the artwork and may outline, shade, soften or posterise it to match the chosen style. If you share such an
              image, keep this attribution with it.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h6">Acceptable use</Trans>,
          <p key="b6">
            <Trans>
              Do not use Image Studio to create illegal content, sexual content involving minors, content that harasses or deceives people,
              or images of real people that they have not agreed to. Do not upload photos you have no right to use, and do not try to
              disrupt or overload the service. We may refuse requests that break these rules.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h7">Changes and availability</Trans>,
          <p key="b7">
            <Trans>
              We keep improving the service and may change or remove features. We try to keep it available at all times but cannot promise
              that it will never be interrupted. If we change these terms in a way that matters to you, we will tell you before the change
              takes effect.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h8">Ending your use</Trans>,
          <p key="b8">
            <Trans>
              You can stop using Image Studio and delete your account at any time. We may suspend an account that breaks these terms; unused
              purchased credits of an account we close without cause are refunded.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h9">Liability</Trans>,
          <p key="b9">
            <Trans>
              The service is provided as it is. As far as the law allows, we are not liable for indirect losses, and our total liability is
              limited to what you paid us in the 12 months before the claim. Nothing in these terms limits rights you have as a consumer by
              law.
            </Trans>
          </p>,
        ],
      ]}
    />
  );
}

export const Route = createFileRoute('/terms')({ component: Terms });
