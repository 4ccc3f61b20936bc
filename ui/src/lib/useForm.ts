import { useCallback, useState } from "react";

/** Form values plus client-side errors; editing a field clears its error. */
export function useForm<T extends Record<string, string>>(initial: T) {
  const [values, setValues] = useState<T>(initial);
  const [errors, setErrors] = useState<Partial<Record<keyof T & string, string>>>({});

  const bind = useCallback(
    (name: keyof T & string) => ({
      value: values[name],
      onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
        const value = e.target.value;
        setValues((v) => ({ ...v, [name]: value }));
        setErrors((er) => (er[name] ? { ...er, [name]: "" } : er));
      },
    }),
    [values],
  );

  return { values, setValues, errors, setErrors, bind };
}
