/**
 * The most one cart line may hold whatever the stock (rules.md § Sizes and limits: never above
 * 999): the device's cart and the account's copy on the server (docs/api.md § Account state) keep
 * the same bound.
 */
export const MAX_LINE_QUANTITY = 999
