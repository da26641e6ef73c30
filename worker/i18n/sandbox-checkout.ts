import type { PaymentMethod } from '../contract/gateways';

/** The page speaks the app's language: the SPA adds `?lang=` to the checkout URL (else Accept-Language). */
export type SandboxLocale = 'en' | 'zh-Hant';

const STATUS_ZH: Record<string, string> = { PAID: '已付款', CANCELLED: '已取消', EXPIRED: '已過期', FAILED: '失敗', REFUNDED: '已退款' };

/** The sandbox checkout page's words (worker/services/payments/sandbox-checkout.ts), per language. */
export const SANDBOX_CHECKOUT_TEXT = {
  en: {
    notice: '<strong>Sandbox</strong> — no real money moves. This page stands in for the payment provider in local and test setups.',
    checkoutTitle: (plan: string) => `Sandbox checkout — ${plan}`,
    order: (n: string, method: string) => `Order ${n} · ${method}`,
    methods: { STRIPE: 'Card', PAYPAL: 'PayPal' } satisfies Record<PaymentMethod, string>,
    amount: 'Amount',
    credits: 'Credits',
    perYear: 'year',
    perMonth: 'month',
    packCredits: (n: string) => `${n} credits, never expire`,
    planCredits: (n: string, yearly: boolean) => `${n} credits every month, billed ${yearly ? 'yearly' : 'monthly'}`,
    pay: (amount: string) => `Pay ${amount}`,
    cancel: 'Cancel',
    form: 'Sandbox payment',
    backToPricing: 'Back to pricing',
    notFoundTitle: 'Checkout not found',
    notFound: 'This sandbox checkout session does not exist. Start again from the pricing page.',
    finishedTitle: 'Checkout already finished',
    finished: (status: string) => `This checkout has already ended (order ${status.toLowerCase()}). Nothing more to do here.`,
    refusedTitle: 'Request refused',
    refused: 'This checkout can only be paid or cancelled from its own page.',
    unavailableTitle: 'Sandbox not available',
    unavailable: 'The sandbox gateway is not configured here.',
    unknownTitle: 'Unknown action',
    unknown: 'Use the Pay or Cancel button.',
  },
  'zh-Hant': {
    notice: '<strong>測試環境</strong>——不會有真實款項移動。此頁面在本機與測試環境中代替金流服務商。',
    checkoutTitle: (plan: string) => `測試結帳——${plan}`,
    order: (n: string, method: string) => `訂單 ${n} · ${method}`,
    methods: { STRIPE: '信用卡', PAYPAL: 'PayPal' } satisfies Record<PaymentMethod, string>,
    amount: '金額',
    credits: '點數',
    perYear: '年',
    perMonth: '月',
    packCredits: (n: string) => `${n} 點，永不過期`,
    planCredits: (n: string, yearly: boolean) => `每月 ${n} 點，${yearly ? '按年' : '按月'}計費`,
    pay: (amount: string) => `支付 ${amount}`,
    cancel: '取消',
    form: '測試付款',
    backToPricing: '返回價格方案',
    notFoundTitle: '找不到結帳',
    notFound: '此測試結帳工作階段不存在。請從價格方案頁面重新開始。',
    finishedTitle: '結帳已結束',
    finished: (status: string) => `此結帳已結束（訂單狀態：${STATUS_ZH[status] ?? status.toLowerCase()}）。這裡沒有其他要做的事。`,
    refusedTitle: '請求被拒絕',
    refused: '此結帳只能在它自己的頁面上付款或取消。',
    unavailableTitle: '測試金流無法使用',
    unavailable: '此處未設定測試金流。',
    unknownTitle: '未知的操作',
    unknown: '請使用「支付」或「取消」按鈕。',
  },
} as const;
