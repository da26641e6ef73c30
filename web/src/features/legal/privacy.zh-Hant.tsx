import { Fragment } from 'react';
import { LegalPage } from './legal-page';

/** The privacy document in Traditional Chinese (see legal-documents.ts for why it is not in the catalogues). */
export function PrivacyZhHant() {
  return (
    <LegalPage
      title="隱私權政策"
      updated="2026-11-29"
      other="terms"
      intro="本政策說明您使用 Image Studio 時我們收集哪些資料、原因、保存多久，以及您可以如何處理。我們不出售您的資料，也不顯示廣告。"
      sections={[
        [
          <Fragment key="h1">我們收集的資料</Fragment>,
          <ul key="b1" className="list-disc space-y-2 pl-5">
            <li>帳戶資料：您的電子郵件地址、名稱與頭像；若以 Google 登入，還有您的 Google 帳戶 ID。</li>
            <li>您的內容：您上傳的照片、您的提示詞以及為您生成的圖片。</li>
            <li>
              付款：您購買了什麼、何時購買、金額多少以及付款方式。信用卡與 PayPal 資料會直接交給 Stripe 或
              PayPal；我們從不會看到您完整的卡號。
            </li>
            <li>
              收據：每筆已付款的訂單與每次訂閱續訂，在「我的訂單」中都有一份收據，可作為網頁檢視，也可下載
              PDF。收據在您開啟時依訂單紀錄產生，內容包括訂單、日期、金額與幣別、付款方式、任何退款、您帳戶的電子郵件地址，以及賣方資料。我們不會以電子郵件寄送收據，也不會另外保存收據副本。使用信用卡付款時，Stripe
              也會開立一份由 Stripe 代管的發票，並可能以電子郵件寄給您；您的收據會附上該發票的連結。
            </li>
            <li>技術資料：您的 IP 位址與基本請求紀錄，用於維護服務安全與防止濫用。</li>
          </ul>,
        ],
        [
          <Fragment key="h2">我們如何使用資料</Fragment>,
          <p key="b2">
            用於維持您的帳戶、為您產生圖片、保存您的點數餘額與訂單、寄送登入驗證碼、向您顯示收據，以及保護服務免於濫用。我們不會使用您的照片或提示詞訓練
            AI 模型。
          </p>,
        ],
        [
          <Fragment key="h3">還有誰會處理資料</Fragment>,
          <p key="b3">
            只有協助我們營運服務的公司，且僅限於該用途：我們的主機與儲存服務商、為您生成圖片的 AI 模型供應商、電子郵件服務商，以及處理付款的
            Stripe 與 PayPal。
          </p>,
        ],
        [
          <Fragment key="h4">保存期限</Fragment>,
          <p key="b4">
            您上傳的檔案與作品會保留到您刪除它們或刪除帳戶為止。登入驗證碼在 10
            分鐘後失效。用於產生收據的付款紀錄，會依稅務與會計法規要求的期限保存，即使帳戶已刪除亦然；帳戶刪除後，便無法再於 Image Studio
            中開啟其收據。
          </p>,
        ],
        [
          <Fragment key="h5">瀏覽器中的儲存</Fragment>,
          <p key="b5">我們會在您瀏覽器的本機儲存空間保存登入權杖、語言設定與邀請碼，讓網站正常運作。我們不使用廣告或追蹤 Cookie。</p>,
        ],
        [
          <Fragment key="h6">您的權利</Fragment>,
          <p key="b6">
            您可以在個人中心查看與修改個人資料、刪除任何作品、匯出資料以及刪除帳戶。您也可以詢問我們保存了哪些關於您的資料，並要求更正或刪除。
          </p>,
        ],
        [
          <Fragment key="h7">兒童</Fragment>,
          <p key="b7">Image Studio 不適合 16 歲以下兒童使用，我們也不會在知情的情況下收集他們的資料。</p>,
        ],
        [<Fragment key="h8">本政策的變更</Fragment>, <p key="b8">若本政策有與您相關的重要變更，我們會在變更生效前於網站上通知您。</p>],
      ]}
    />
  );
}
