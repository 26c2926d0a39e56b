// mailauth ships no types: the one function the DKIM test calls, as its README documents it.
declare module "mailauth/lib/dkim/verify" {
  export function dkimVerify(
    message: string | Buffer,
    options: { resolver: (name: string, type: string) => Promise<string[][]> },
  ): Promise<{ results: { signingDomain: string; selector: string; status: { result: string } }[] }>;
}
