// The icon-safety policy is the client's (one rule, so the UI and the client never disagree).
export {
  MAX_DATA_ICON_BYTES,
  MAX_ICON_URL_LENGTH,
  type SafeIconOptions,
  safeIconSrc,
} from '@resource-kit/client'
