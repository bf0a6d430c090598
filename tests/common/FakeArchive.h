#pragma once

// A Debian archive in a folder, for the suites that fetch the demo corpus
// (tst_executables, tst_firstrun): gettext catalogs, packages holding them
// (built with dpkg-deb) and an `apt-get` that "downloads" from the folder.
// Qt Core only.

#include <QByteArray>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QList>
#include <QPair>
#include <QProcess>
#include <QString>
#include <QTemporaryDir>

namespace studio::test {

// A gettext catalog (.mo, little-endian) of msgid -> msgstr pairs.
inline QByteArray moBytes(const QList<QPair<QByteArray, QByteArray>>& entries) {
  const quint32 n = quint32(entries.size());
  QByteArray head, strings, original_table, translation_table;
  auto u32 = [](QByteArray& out, quint32 v) {
    for (int i = 0; i < 4; ++i) out.append(char((v >> (8 * i)) & 0xff));
  };
  const quint32 originals = 28, translations = originals + 8 * n, data = translations + 8 * n;
  for (const auto& entry : entries) {
    u32(original_table, quint32(entry.first.size()));
    u32(original_table, data + quint32(strings.size()));
    strings += entry.first + '\0';
  }
  for (const auto& entry : entries) {
    u32(translation_table, quint32(entry.second.size()));
    u32(translation_table, data + quint32(strings.size()));
    strings += entry.second + '\0';
  }
  for (quint32 v : {0x950412deu, 0u, n, originals, translations, 0u, data}) u32(head, v);
  return head + original_table + translation_table + strings;
}

// The package NAME_1.0_all.deb in `archive`, holding `catalog` at `path` (absolute, as installed).
inline bool makeCatalogDeb(const QString& archive, const QString& name,
                           const QList<QPair<QString, QByteArray>>& catalogs) {
  QTemporaryDir tree;
  QDir root(tree.path());
  if (!root.mkpath("DEBIAN")) return false;
  QFile control(root.filePath("DEBIAN/control"));
  if (!control.open(QIODevice::WriteOnly)) return false;
  control.write("Package: " + name.toUtf8() +
                "\nVersion: 1.0\nArchitecture: all\nMaintainer: Test <t@example.org>\nDescription: test\n");
  control.close();
  for (const auto& [path, catalog] : catalogs) {
    if (!root.mkpath(QFileInfo(path).path().mid(1))) return false;
    QFile mo(root.filePath(path.mid(1)));
    if (!mo.open(QIODevice::WriteOnly) || mo.write(catalog) != catalog.size()) return false;
  }
  QProcess build;
  build.start("dpkg-deb",
              {"--root-owner-group", "--build", tree.path(), archive + "/" + name + "_1.0_all.deb"});
  return build.waitForFinished(60000) && build.exitStatus() == QProcess::NormalExit && build.exitCode() == 0;
}
inline bool makeCatalogDeb(const QString& archive, const QString& name, const QString& path,
                           const QByteArray& catalog) {
  return makeCatalogDeb(archive, name, QList<QPair<QString, QByteArray>>{{path, catalog}});
}

// BIN/apt-get: `download NAME...` copies each NAME_*.deb from `archive` into
// the current folder (as Debian's puts NAME_VERSION_ARCH.deb there); like
// Debian's, it fetches nothing when one NAME is not in the archive. Every call
// is appended to `log`, a line each.
inline bool writeFakeAptGet(const QString& bin, const QString& archive, const QString& log) {
  if (!QDir().mkpath(bin)) return false;
  QFile fake(QDir(bin).filePath("apt-get"));
  if (!fake.open(QIODevice::WriteOnly)) return false;
  const QByteArray from = "'" + archive.toUtf8() + "'/\"$p\"_*.deb";
  fake.write("#!/bin/sh\necho \"$*\" >> '" + log.toUtf8() + "'\n[ \"$1\" = download ] || exit 100\nshift\n" +
             "for p in \"$@\"; do ls " + from +
             " >/dev/null 2>&1 || { echo \"E: Unable to locate package $p\" >&2; exit 100; }; done\n" +
             "for p in \"$@\"; do cp " + from + " . || exit 100; done\n");
  fake.close();
  return fake.setPermissions(fake.permissions() | QFileDevice::ExeOwner);
}

}  // namespace studio::test
