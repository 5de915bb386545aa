// The part of libmime (mailparser's header codec) the intake uses; the package ships no types.
declare module 'libmime' {
  const libmime: {
    decodeWords(value: string): string;
    decodeHeaders(headers: string): Record<string, string[]>;
  };
  export default libmime;
}
