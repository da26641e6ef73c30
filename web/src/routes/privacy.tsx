import { Trans } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../features/legal/legal-page';

function Privacy() {
  return (
    <LegalPage
      title={<Trans>Privacy Policy</Trans>}
      updated="2026-11-29"
      other="terms"
      intro={
        <Trans>
          This policy explains what Image Studio collects when you use it, why, how long we keep it and what you can do about it. We do not
          sell your data and we show no advertising.
        </Trans>
      }
      sections={[
        [
          <Trans key="h1">What we collect</Trans>,
          <ul key="b1" className="list-disc space-y-2 pl-5">
            <li>
              <Trans>Account details: your e-mail address, name and avatar, and your Google account id if you sign in with Google.</Trans>
            </li>
            <li>
              <Trans>Your content: the photos you upload, your prompts and the images created for you.</Trans>
            </li>
            <li>
              <Trans>
                Payments: what you bought, when, for how much and how you paid. Card and PayPal details go to Stripe or PayPal directly; we
                never see your full card number.
              </Trans>
            </li>
            <li>
              <Trans>
                Receipts: each paid order and subscription renewal has a receipt under My orders, as a page and as a PDF. It is made from
                the order record when you open it and shows the order, its date, amount and currency, the payment method, any refund, your
                account's e-mail address and the seller's details. We do not e-mail receipts or keep separate copies of them. For card
                payments Stripe also issues an invoice, which Stripe hosts and may e-mail to you; your receipt links to it.
              </Trans>
            </li>
            <li>
              <Trans>Technical data: your IP address and basic request logs, used to keep the service secure and to limit abuse.</Trans>
            </li>
          </ul>,
        ],
        [
          <Trans key="h2">How we use it</Trans>,
          <p key="b2">
            <Trans>
              To run your account, create your images, keep your credit balance and orders, send sign-in codes, show you receipts, and
              protect the service from abuse. We do not use your photos or prompts to train AI models.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h3">Who else handles it</Trans>,
          <p key="b3">
            <Trans>
              Only the companies that help us run the service, and only for that purpose: our hosting and storage providers, the AI model
              providers that make your images, our e-mail provider, and Stripe and PayPal for payments.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h4">How long we keep it</Trans>,
          <p key="b4">
            <Trans>
              Your uploads and creations stay until you delete them or your account. Sign-in codes expire after 10 minutes. Payment records,
              from which receipts are made, are kept as long as tax and accounting law requires, even after an account is deleted; once it
              is deleted, its receipts can no longer be opened in Image Studio.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h5">Storage in your browser</Trans>,
          <p key="b5">
            <Trans>
              We keep your sign-in token, your language and an invitation code in your browser's local storage so the site works as
              expected. We use no advertising or tracking cookies.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h6">Your rights</Trans>,
          <p key="b6">
            <Trans>
              You can see and change your profile in the personal center, delete any creation, export your data and delete your account. You
              may also ask us what we hold about you and have it corrected or erased.
            </Trans>
          </p>,
        ],
        [
          <Trans key="h7">Children</Trans>,
          <p key="b7">
            <Trans>Image Studio is not meant for children under 16, and we do not knowingly collect their data.</Trans>
          </p>,
        ],
        [
          <Trans key="h8">Changes to this policy</Trans>,
          <p key="b8">
            <Trans>
              If we change this policy in a way that matters to you, we will tell you on the site before the change takes effect.
            </Trans>
          </p>,
        ],
      ]}
    />
  );
}

export const Route = createFileRoute('/privacy')({ component: Privacy });
