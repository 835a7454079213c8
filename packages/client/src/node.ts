export const nodePlaceholder = 1
