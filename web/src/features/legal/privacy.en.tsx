import { Fragment } from 'react';
import { LegalPage } from './legal-page';

/** The privacy document in English (see legal-documents.ts for why it is not in the catalogues). */
export function PrivacyEn() {
  return (
    <LegalPage
      title="Privacy Policy"
      updated="2026-11-29"
      other="terms"
      intro={
        <>
          This policy explains what Image Studio collects when you use it, why, how long we keep it and what you can do about it. We do not
          sell your data and we show no advertising.
        </>
      }
      sections={[
        [<Fragment key="h1">What we collect</Fragment>, <WhatWeCollectSection key="b1" />],
        [
          <Fragment key="h2">How we use it</Fragment>,
          <p key="b2">
            To run your account, create your images, keep your credit balance and orders, send sign-in codes, show you receipts, and protect
            the service from abuse. We do not use your photos or prompts to train AI models.
          </p>,
        ],
        [
          <Fragment key="h3">Who else handles it</Fragment>,
          <p key="b3">
            Only the companies that help us run the service, and only for that purpose: our hosting and storage providers, the AI model
            providers that make your images, our e-mail provider, and Stripe and PayPal for payments.
          </p>,
        ],
        [
          <Fragment key="h4">How long we keep it</Fragment>,
          <p key="b4">
            Your uploads and creations stay until you delete them or your account. Sign-in codes expire after 10 minutes. Payment records,
            from which receipts are made, are kept as long as tax and accounting law requires, even after an account is deleted; once it is
            deleted, its receipts can no longer be opened in Image Studio.
          </p>,
        ],
        [
          <Fragment key="h5">Storage in your browser</Fragment>,
          <p key="b5">
            We keep your sign-in token, your language and an invitation code in your browser's local storage so the site works as expected.
            We use no advertising or tracking cookies.
          </p>,
        ],
        [
          <Fragment key="h6">Your rights</Fragment>,
          <p key="b6">
            You can see and change your profile in the personal center, delete any creation, export your data and delete your account. You
            may also ask us what we hold about you and have it corrected or erased.
          </p>,
        ],
        [
          <Fragment key="h7">Children</Fragment>,
          <p key="b7">Image Studio is not meant for children under 16, and we do not knowingly collect their data.</p>,
        ],
        [
          <Fragment key="h8">Changes to this policy</Fragment>,
          <p key="b8">
            If we change this policy in a way that matters to you, we will tell you on the site before the change takes effect.
          </p>,
        ],
      ]}
    />
  );
}

function WhatWeCollectSection() {
  return (
    <ul className="list-disc space-y-2 pl-5">
      <li>Account details: your e-mail address, name and avatar, and your Google account id if you sign in with Google.</li>
      <li>Your content: the photos you upload, your prompts and the images created for you.</li>
      <li>
        Payments: what you bought, when, for how much and how you paid. Card and PayPal details go to Stripe or PayPal directly; we never
        see your full card number.
      </li>
      <li>
        Receipts: each paid order and subscription renewal has a receipt under My orders, as a page and as a PDF. It is made from the order
        record when you open it and shows the order, its date, amount and currency, the payment method, any refund, your account's e-mail
        address and the seller's details. We do not e-mail receipts or keep separate copies of them. For card payments Stripe also issues an
        invoice, which Stripe hosts and may e-mail to you; your receipt links to it.
      </li>
      <li>Technical data: your IP address and basic request logs, used to keep the service secure and to limit abuse.</li>
    </ul>
  );
}
