import { createContext, useContext } from "react";

/** The CSP nonce of this response; browsers hide it after load, so the client sees "". */
const NonceContext = createContext("");

export const NonceProvider = NonceContext.Provider;

export function useNonce() {
  return useContext(NonceContext);
}
