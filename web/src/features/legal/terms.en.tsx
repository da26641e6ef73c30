import { Fragment } from 'react';
import { LegalPage } from './legal-page';

/** The terms document in English (see legal-documents.ts for why it is not in the catalogues). */
export function TermsEn() {
  return (
    <LegalPage
      title="Terms of Service"
      updated="2026-11-01"
      other="privacy"
      intro={
        <>
          These terms apply when you use Image Studio, our website for creating and editing images with AI. By creating an account or using
          the service you accept them.
        </>
      }
      sections={[
        [
          <Fragment key="h1">The service</Fragment>,
          <p key="b1">
            Image Studio generates images from text, edits photos you upload and offers single-purpose tools such as portraits, restoration,
            ID photos, logos and upscaling. Results are made by AI models and can be imperfect; check them before you rely on them.
          </p>,
        ],
        [
          <Fragment key="h2">Your account</Fragment>,
          <p key="b2">
            You sign in with Google, an e-mail code or a password. Keep your sign-in details to yourself and tell us if you think someone
            else used your account. You must be at least 16 years old to have an account.
          </p>,
        ],
        [<Fragment key="h3">Credits and payments</Fragment>, <CreditsSection key="b3" />],
        [
          <Fragment key="h4">Refunds</Fragment>,
          <p key="b4">
            You can ask for a refund within 3 days of a purchase if its credits are unused, at most twice in 30 days. Refunds reach you
            within 3–5 business days. Credits spent on a generation that fails are returned to your balance automatically.
          </p>,
        ],
        [
          <Fragment key="h5">Your content</Fragment>,
          <p key="b5">
            The photos you upload and the images you create stay yours, and you may use your results for personal and commercial purposes.
            You give us only the permission we need to store and process them to run the service for you.
          </p>,
        ],
        [<Fragment key="h10">Artwork in generated images</Fragment>, <ArtworkSection key="b10" />],
        [<Fragment key="h6">Acceptable use</Fragment>, <AcceptableUseSection key="b6" />],
        [
          <Fragment key="h7">Changes and availability</Fragment>,
          <p key="b7">
            We keep improving the service and may change or remove features. We try to keep it available at all times but cannot promise
            that it will never be interrupted. If we change these terms in a way that matters to you, we will tell you before the change
            takes effect.
          </p>,
        ],
        [
          <Fragment key="h8">Ending your use</Fragment>,
          <p key="b8">
            You can stop using Image Studio and delete your account at any time. We may suspend an account that breaks these terms; unused
            purchased credits of an account we close without cause are refunded.
          </p>,
        ],
        [<Fragment key="h9">Liability</Fragment>, <LiabilitySection key="b9" />],
      ]}
    />
  );
}

function CreditsSection() {
  return (
    <>
      <p>
        Generations are paid with credits: a 1024×1024 image costs 4 credits. New accounts receive free credits once their e-mail is
        confirmed.
      </p>
      <p>
        Credit packs never expire. Subscriptions add credits every month; unused subscription credits roll over while the subscription is
        active and lapse when it ends. Prices are shown in US dollars, and payments are handled by Stripe (cards) or PayPal.
      </p>
    </>
  );
}

function ArtworkSection() {
  // Twemoji's licence (CC BY 4.0) asks for the creators, the copyright notice, the licence and
  // whether the work was changed, wherever the artwork is shared.
  return (
    <p data-testid="twemoji-attribution">
      Images made by our built-in image engine can contain emoji artwork from{' '}
      <a href="https://github.com/jdecked/twemoji" className="underline">
        Twemoji
      </a>
      , copyright 2020 Twitter, Inc. and other contributors, licensed under{' '}
      <a href="https://creativecommons.org/licenses/by/4.0/" className="underline">
        CC BY 4.0
      </a>
      . The engine scales the artwork and may outline, shade, soften or posterise it to match the chosen style. If you share such an image,
      keep this attribution with it.
    </p>
  );
}

function AcceptableUseSection() {
  return (
    <p>
      Do not use Image Studio to create illegal content, sexual content involving minors, content that harasses or deceives people, or
      images of real people that they have not agreed to. Do not upload photos you have no right to use, and do not try to disrupt or
      overload the service. We may refuse requests that break these rules.
    </p>
  );
}

function LiabilitySection() {
  return (
    <p>
      The service is provided as it is. As far as the law allows, we are not liable for indirect losses, and our total liability is limited
      to what you paid us in the 12 months before the claim. Nothing in these terms limits rights you have as a consumer by law.
    </p>
  );
}
