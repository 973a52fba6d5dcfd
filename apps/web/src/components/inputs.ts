/*
 * antd's `Input` carries TextArea, OTP, Search and Group as static members, so `import { Input } from
 * "antd"` loads all four (with Space) on every form: about 10 kB gzip that /login never uses. The
 * forms import the two inputs they render from their own modules instead.
 */
export { default as Input } from "antd/es/input/Input";
export { default as PasswordInput } from "antd/es/input/Password";
