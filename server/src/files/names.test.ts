import { describe, expect, it } from "vitest";
import {
  cleanExtension,
  fileKey,
  recordPrefix,
  snakeCase,
  splitExtension,
  storedFileName,
  thumbKey,
  thumbName,
  thumbsPrefix,
  uploadBaseName,
} from "./names.js";

/** Random parts shown as `#` so expected names can be written out. */
const hashes = (n: number) => "#".repeat(n);
const R = "##########";

/** Original name -> stored name as the reference produced it (random parts as #). */
const CASES: [string, string, string?][] = [
  ["Hello World.TXT", `hello_world_${R}.TXT`],
  ["a.b.c.tar.gz", `a_b_c_${R}.tar.gz`],
  ["noext", `noext_${R}.txt`, ".txt"],
  ["noext", `noext_${R}`, ""],
  ["...", `${R}_${R}..`],
  ["ÄÖÜ çà.png", `${R}_${R}.png`],
  ["日本語.txt", `${R}_${R}.txt`],
  [".hidden", `${R}_${R}.hidden`],
  [".env.local", `${R}_${R}.env.local`],
  ["a_b-c.d", `a_b_c_${R}.d`],
  ["x!@#$%^&()+=y.JPG", `x_y_${R}.JPG`],
  ["trailing.", `trailing_${R}.`],
  ["UPPER.Jpeg", `upper_${R}.Jpeg`],
  ["a.b.c.d", `a_b_${R}.c.d`],
  ["x.tar.bz2", `x${R}_${R}.tar.bz2`],
  ["file.min.js", `file_${R}.min.js`],
  ["HelloWorld.txt", `hello_world_${R}.txt`],
  ["getHTTPResponse.txt", `get_httpresponse_${R}.txt`],
  ["a__b.txt", `a_b_${R}.txt`],
  ["a--b.txt", `a_b_${R}.txt`],
  ["_a_.txt", `a${R}_${R}.txt`],
  ["  a  b  .txt", `a_b_${R}.txt`],
  ["123.txt", `123_${R}.txt`],
  ["file.日本", `file_${R}.`],
  ["file.a b", `file_${R}.ab`],
  ["file.a$b", `file_${R}.ab`],
  ["file.A-b+c=d#e*f", `file_${R}.A-b+c=d#e*f`],
  ["a..b", `a${R}_${R}..b`],
  ["a..", `a${R}_${R}..`],
  ["..b", `${R}_${R}..b`],
  ["x.y.z.w.q", `x_y_z_${R}.w.q`],
  ["file.TAR.GZ", `file_${R}.TAR.GZ`],
  ["a.b_c.d", `a${R}_${R}.b_c.d`],
  ["ab.txt", `ab${R}_${R}.txt`],
  ["abc.txt", `abc_${R}.txt`],
  ["a.txt", `a${R}_${R}.txt`],
  ["report.final-version.pdf", `report_${R}.final-version.pdf`],
  ["a.bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.c", `a${R}_${R}.bbbbbbbbbbbbbbbbbb.c`],
  ["a.b c.d", `a${R}_${R}.bc.d`],
  ["my.photo.of.summer.jpg", `my_photo_of_${R}.summer.jpg`],
  ["café.txt", `caf_${R}.txt`],
  ["naïveX.txt", `na_ve_x_${R}.txt`],
  ["fooBarBaz.txt", `foo_bar_baz_${R}.txt`],
  ["ABC.txt", `abc_${R}.txt`],
  ["AbcDEF.txt", `abc_def_${R}.txt`],
  ["a1B2c3.txt", `a1_b2c3_${R}.txt`],
  ["x_Y.txt", `x_y_${R}.txt`],
  ["file.tar.gz.", `file_tar_${R}.gz.`],
  [".a.b.c", `a${R}_${R}.b.c`],
  ["ABCdef.t", `abcdef_${R}.t`],
  ["aBc.t", `a_bc_${R}.t`],
  ["x1Y2Z.t", `x1_y2_z_${R}.t`],
  ["ÉtéBon.t", `t_bon_${R}.t`],
  ["fooéBar.t", `foo_bar_${R}.t`],
  ["abc123def.t", `abc123def_${R}.t`],
  ["__init__.t", `init_${R}.t`],
  ["tab\there.t", `tab_here_${R}.t`],
  ["new%0Aline.t", `new_0_aline_${R}.t`],
  ["s.x.abcdefghijklmnopqr", `s${R}_${R}.x.abcdefghijklmnopqr`],
  ["s.x.abcdefghijklmnopqrs", `s${R}_${R}..abcdefghijklmnopqrs`],
  ["s.abc$$$$$$$$$$$$$$$$$$$$", `s${R}_${R}.abc`],
  ["s.abcdefghijklmnopqrst", `s${R}_${R}.abcdefghijklmnopqrst`],
  ["s.abcdefghijklmnopqrstu", `s${R}_${R}.bcdefghijklmnopqrstu`],
  ["s.ab$cdefghijklmnopqrstu", `s${R}_${R}.bcdefghijklmnopqrstu`],
  ["L".repeat(300) + ".txt", `${"l".repeat(100)}_${R}.txt`],
  ["short." + "e".repeat(300), `short_${R}.${"e".repeat(20)}`],
  ["ab ".repeat(60) + ".txt", `${"ab_".repeat(33)}a_${R}.txt`],
  ["abc ".repeat(40) + ".txt", `${"abc_".repeat(25)}_${R}.txt`],
];

describe("storedFileName", () => {
  it.each(CASES)("%j -> %s", (original, expected, detected) => {
    expect(storedFileName(original, { random: hashes, detectedExt: detected ?? ".txt" })).toBe(expected);
  });

  it("uses 10 random [A-Za-z0-9] characters by default", () => {
    const names = new Set<string>();
    for (let i = 0; i < 50; i++) {
      const n = storedFileName("photo.png");
      expect(n).toMatch(/^photo_[A-Za-z0-9]{10}\.png$/);
      names.add(n);
    }
    expect(names.size).toBe(50);
    expect(storedFileName("x.png")).toMatch(/^x[A-Za-z0-9]{10}_[A-Za-z0-9]{10}\.png$/);
  });

  it("takes the sniffed extension only for names without a dot", () => {
    expect(storedFileName("data", { random: hashes, detectedExt: ".json" })).toBe(`data_${R}.json`);
    expect(storedFileName("data.", { random: hashes, detectedExt: ".json" })).toBe(`data_${R}.`);
    expect(storedFileName("data.日本", { random: hashes, detectedExt: ".json" })).toBe(`data_${R}.`);
  });
});

describe("name parts", () => {
  it("splits one- and two-part extensions", () => {
    expect(splitExtension("a.tar.gz")).toEqual({ base: "a", ext: ".tar.gz" });
    expect(splitExtension("a.png")).toEqual({ base: "a", ext: ".png" });
    expect(splitExtension("a")).toEqual({ base: "a", ext: "" });
    expect(splitExtension("...")).toEqual({ base: ".", ext: ".." });
  });

  it("cleans extensions", () => {
    expect(cleanExtension(".p n\u0000g")).toBe(".png");
    expect(cleanExtension("." + "x".repeat(21))).toBe("." + "x".repeat(20));
    expect(cleanExtension("." + "x".repeat(20))).toBe("." + "x".repeat(20));
  });

  it("snake-cases", () => {
    expect(snakeCase("myTestDB")).toBe("my_test_db");
    expect(snakeCase("  --  ")).toBe("");
    expect(snakeCase("a😀b")).toBe("a_b");
  });

  it("keeps what follows the last slash of a multipart filename", () => {
    expect(uploadBaseName("dir/sub/x.txt")).toBe("x.txt");
    expect(uploadBaseName("x.y/z")).toBe("z");
    expect(uploadBaseName("..\\win\\y.txt")).toBe("..\\win\\y.txt");
    expect(uploadBaseName("dir/")).toBe("dir");
    expect(uploadBaseName("/")).toBe("/");
    expect(uploadBaseName("")).toBe("");
    // The reference stored these as x..., z... and ".winy.txt" with a random base.
    expect(storedFileName(uploadBaseName("..\\win\\y.txt"), { random: hashes })).toBe(`${R}_${R}.winy.txt`);
  });
});

describe("storage keys", () => {
  it("lays files and thumbs out like the reference", () => {
    expect(fileKey("col", "rec", "a_x.png")).toBe("col/rec/a_x.png");
    expect(recordPrefix("col", "rec")).toBe("col/rec/");
    expect(thumbsPrefix("col", "rec", "a_x.png")).toBe("col/rec/thumbs_a_x.png/");
    expect(thumbName("80x40t", "a_x.png")).toBe("80x40t_a_x.png");
    expect(thumbKey("col", "rec", "a_x.png", "80x40t")).toBe("col/rec/thumbs_a_x.png/80x40t_a_x.png");
  });
});
