/** Not used by the app (the key lives in the OS keychain through keytar); here for completeness. */
export const safeStorage = {
  isEncryptionAvailable: (): boolean => false,
  encryptString: (): never => {
    throw new Error('fake electron: safeStorage is unavailable')
  },
  decryptString: (): never => {
    throw new Error('fake electron: safeStorage is unavailable')
  },
}
