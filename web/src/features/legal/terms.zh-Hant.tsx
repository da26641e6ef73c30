import { Fragment } from 'react';
import { LegalPage } from './legal-page';

/** The terms document in Traditional Chinese (see legal-documents.ts for why it is not in the catalogues). */
export function TermsZhHant() {
  return (
    <LegalPage
      title="服務條款"
      updated="2026-11-01"
      other="privacy"
      intro="當您使用 Image Studio（我們以 AI 創作與編輯圖片的網站）時，即適用本條款。建立帳戶或使用本服務，即表示您接受本條款。"
      sections={[
        [
          <Fragment key="h1">服務內容</Fragment>,
          <p key="b1">
            Image Studio 可依文字生成圖片、編輯您上傳的照片，並提供肖像、修復、證件照、標誌與放大等單一用途工具。結果由 AI
            模型產生，可能不盡完美；使用前請先檢查。
          </p>,
        ],
        [
          <Fragment key="h2">您的帳戶</Fragment>,
          <p key="b2">
            您可以使用 Google、電子郵件驗證碼或密碼登入。請妥善保管登入資訊；若懷疑有人使用您的帳戶，請通知我們。您必須年滿 16
            歲才能擁有帳戶。
          </p>,
        ],
        [<Fragment key="h3">點數與付款</Fragment>, <CreditsSection key="b3" />],
        [
          <Fragment key="h4">退款</Fragment>,
          <p key="b4">
            購買後 3 天內，若點數尚未使用，可申請退款，30 天內最多兩次。退款會在 3–5
            個工作天內退回。生成失敗所花費的點數會自動退回您的餘額。
          </p>,
        ],
        [
          <Fragment key="h5">您的內容</Fragment>,
          <p key="b5">您上傳的照片與創作的圖片都屬於您，您可以將結果用於個人及商業用途。您只授予我們為您提供服務所需的儲存與處理權限。</p>,
        ],
        [<Fragment key="h10">生成圖像中的圖案</Fragment>, <ArtworkSection key="b10" />],
        [
          <Fragment key="h6">使用規範</Fragment>,
          <p key="b6">
            請勿使用 Image Studio
            製作違法內容、涉及未成年人的性內容、騷擾或欺騙他人的內容，或未經本人同意的真人圖像。請勿上傳您無權使用的照片，也不要試圖干擾服務或使其超載。違反這些規則的請求，我們可能拒絕處理。
          </p>,
        ],
        [
          <Fragment key="h7">服務變更與可用性</Fragment>,
          <p key="b7">
            我們會持續改進服務，可能變更或移除功能。我們盡力讓服務隨時可用，但無法保證永不中斷。若本條款有與您相關的重要變更，我們會在變更生效前通知您。
          </p>,
        ],
        [
          <Fragment key="h8">終止使用</Fragment>,
          <p key="b8">
            您可以隨時停止使用 Image Studio 並刪除帳戶。違反本條款的帳戶可能會被停權；若我們無故關閉帳戶，未使用的已購點數將予以退款。
          </p>,
        ],
        [
          <Fragment key="h9">責任</Fragment>,
          <p key="b9">
            本服務依現況提供。在法律允許的範圍內，我們不對間接損失負責，且我們的總責任以您在索賠前 12
            個月內支付給我們的金額為上限。本條款不限制您依法享有的消費者權利。
          </p>,
        ],
      ]}
    />
  );
}

function CreditsSection() {
  return (
    <>
      <p>生成圖片以點數支付：一張 1024×1024 圖片花費 4 點。新帳戶在確認電子郵件後即可獲得免費點數。</p>
      <p>
        點數包永不過期。訂閱每月發放點數；訂閱有效期間未用完的訂閱點數會累積到下個月，訂閱結束時失效。價格以美元顯示，付款由
        Stripe（信用卡）或 PayPal 處理。
      </p>
    </>
  );
}

function ArtworkSection() {
  // Twemoji's licence (CC BY 4.0) asks for the creators, the copyright notice, the licence and
  // whether the work was changed, wherever the artwork is shared.
  return (
    <p data-testid="twemoji-attribution">
      由我們內建圖像引擎產生的圖像可能包含來自{' '}
      <a href="https://github.com/jdecked/twemoji" className="underline">
        Twemoji
      </a>{' '}
      的表情符號圖案，版權所有 2020 Twitter, Inc. 及其他貢獻者，依{' '}
      <a href="https://creativecommons.org/licenses/by/4.0/" className="underline">
        CC BY 4.0
      </a>{' '}
      授權。引擎會縮放這些圖案，並可能為配合所選風格加上描邊、陰影、柔化或色調分離。分享這類圖像時，請一併保留此出處說明。
    </p>
  );
}
