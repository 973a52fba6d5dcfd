/**
 * A read a route's rate-limit checks and its handler both need (the pending sign-in a code is guessed against,
 * whether the account may add a factor): made once per request, the second caller handed the first one's answer.
 */
export function oncePerRequest<Request extends object, Result>(read: (request: Request) => Promise<Result>) {
  const answers = new WeakMap<Request, Promise<Result>>();
  return (request: Request) => {
    let answer = answers.get(request);
    if (!answer) {
      answer = read(request);
      answers.set(request, answer);
    }
    return answer;
  };
}
