#include "app/training/DemoCorpusFetch.h"

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QFileInfo>
#include <QMap>
#include <QProcess>
#include <QRegularExpression>
#include <QSet>
#include <QStandardPaths>

#include <unistd.h>

#include <algorithm>
#include <sstream>
#include <stdexcept>

#include "app/training/DataFolders.h"
#include "model/data/DemoCorpus.h"

namespace studio::app {

namespace {

struct Run {
  bool started = false;
  int exit_code = -1;
  QString out, err;
};

// Runs `program` with `arguments` in `dir` to its end (no time limit: a slow mirror is not a failure).
Run run(const QString& program, const QStringList& arguments, const QString& dir = {}) {
  QProcess process;
  if (!dir.isEmpty()) process.setWorkingDirectory(dir);
  process.start(program, arguments);
  Run result;
  result.started = process.waitForStarted(-1);
  if (!result.started) return result;
  process.waitForFinished(-1);
  result.exit_code = process.exitStatus() == QProcess::NormalExit ? process.exitCode() : -1;
  result.out = QString::fromUtf8(process.readAllStandardOutput()).trimmed();
  result.err = QString::fromUtf8(process.readAllStandardError()).trimmed();
  return result;
}

QString firstLine(const QString& text) { return text.section('\n', 0, 0).trimmed(); }

// The newest cached .deb of `package` (NAME_VERSION_ARCH.deb), "" when none.
QString cachedDeb(const QDir& cache, const QString& package) {
  QStringList debs = cache.entryList({package + "_*.deb"}, QDir::Files, QDir::Name);
  return debs.isEmpty() ? QString() : cache.filePath(debs.last());
}

void check(const std::function<bool(const QString&, int, int)>& progress, const QString& stage, int done,
           int total) {
  if (progress && !progress(stage, done, total))
    throw std::runtime_error(
        QObject::tr("Stopped: the packages fetched so far stay in the cache for the next try.")
            .toStdString());
}

}  // namespace

QStringList demoCorpusPackages(const QString& packages_file) {
  QString text;
  if (packages_file.isEmpty()) {
    text = QStringLiteral(STUDIO_DEMO_PACKAGES).split(' ', Qt::SkipEmptyParts).join('\n');
  } else {
    QFile file(packages_file);
    if (!file.open(QIODevice::ReadOnly | QIODevice::Text))
      throw std::runtime_error(
          QString("cannot read '%1': %2").arg(packages_file, file.errorString()).toStdString());
    text = QString::fromUtf8(file.readAll());
  }
  QStringList packages;
  const QStringList lines = text.split('\n');
  for (int i = 0; i < lines.size(); ++i) {
    const QString line = lines[i].trimmed();
    if (line.isEmpty() || line.startsWith('#')) continue;
    // A package name: lower case letters, digits, + - . (Debian policy 5.6.1).
    static const QRegularExpression name("^[a-z0-9][a-z0-9+.-]+$");
    if (!name.match(line).hasMatch())
      throw std::runtime_error(QString("%1, line %2: '%3' is not a package name")
                                   .arg(packages_file)
                                   .arg(i + 1)
                                   .arg(line)
                                   .toStdString());
    packages << line;
  }
  if (packages.isEmpty())
    throw std::runtime_error(QString("'%1' lists no packages").arg(packages_file).toStdString());
  return packages;
}

DemoCorpusFetched fetchDemoCorpus(const DemoCorpusFetch& request,
                                  const std::function<bool(const QString&, int, int)>& progress,
                                  std::ostream& log) {
  DemoCorpusFetched result;
  const QStringList packages = demoCorpusPackages(request.packagesFile);
  result.packages = int(packages.size());
  result.outDir = request.outDir.isEmpty() ? demoCorpusDir() : request.outDir;
  const QString cache_path =
      request.cacheDir.isEmpty()
          ? QDir(QStandardPaths::writableLocation(QStandardPaths::GenericCacheLocation))
                .filePath("attention-studio/debs")
          : request.cacheDir;
  QDir cache(cache_path);
  if (!cache.mkpath("unpacked"))
    throw std::runtime_error(QString("cannot create the cache folder '%1'").arg(cache_path).toStdString());

  // Download what the cache lacks, a few packages an apt-get call (each call
  // reads the package lists first: about a second, which a package at a time
  // made most of a fresh download's minute and a half). apt-get fetches
  // nothing when one name of a call is missing from the archive, so a call
  // that fails is tried again a package at a time: one package gone from the
  // archive does not cost the others, and its own error is the one reported.
  QStringList missing;
  for (const auto& package : packages)
    if (cachedDeb(cache, package).isEmpty()) missing << package;
  if (!missing.isEmpty()) {
    log << "downloading " << missing.size() << " packages into " << cache_path.toStdString() << "\n"
        << std::flush;
    QString last_error;
    auto fetch = [&](const QStringList& names, bool* any_started) {
      const auto r = run("apt-get", QStringList{"download"} + names, cache_path);
      if (!r.started)
        throw std::runtime_error(
            QObject::tr("apt-get is not on this computer: the demo corpus is made from Debian's packages. On "
                        "another system, train on a corpus of your own.")
                .toStdString());
      *any_started = true;
      return r;
    };
    auto download = [&](const QStringList& which, bool* any_started) {
      constexpr int kPerCall = 10;  // progress and cancelling between calls
      QStringList failed;
      for (int first = 0; first < which.size(); first += kPerCall) {
        check(progress, "download", first, int(which.size()));
        const QStringList names = which.mid(first, kPerCall);
        const auto r = fetch(names, any_started);
        QStringList lacking;
        for (const auto& name : names)
          if (cachedDeb(cache, name).isEmpty()) lacking << name;
        if (r.exit_code == 0 && lacking.isEmpty()) continue;
        for (const auto& name : lacking) {
          const auto one = names.size() == 1 ? r : fetch({name}, any_started);
          if (one.exit_code != 0 || cachedDeb(cache, name).isEmpty()) {
            failed << name;
            last_error = firstLine(one.err);
            log << "could not download " << name.toStdString() << ": " << last_error.toStdString() << "\n";
          }
        }
      }
      return failed;
    };
    bool started = false;
    QStringList failed = download(missing, &started);
    if (!failed.isEmpty() && ::geteuid() == 0) {
      // Empty or stale package lists are the usual cause; root may refresh them.
      log << "refreshing the package lists (apt-get update)\n" << std::flush;
      run("apt-get", {"update", "-qq"});
      failed = download(failed, &started);
    }
    result.downloaded = int(missing.size() - failed.size());
    result.unavailable = failed;
    if (failed.size() == packages.size())
      throw std::runtime_error(
          QObject::tr("apt-get could not download any of the %1 packages (%2). Refresh the "
                      "package lists (sudo apt-get update) and try again.")
              .arg(packages.size())
              .arg(last_error)
              .toStdString());
  }

  // Unpack each once (into a folder renamed into place when whole), and
  // list its Vietnamese catalogs.
  std::vector<data::CatalogSource> catalogs, english;
  for (int i = 0; i < packages.size(); ++i) {
    check(progress, "unpack", i, int(packages.size()));
    const QString deb = cachedDeb(cache, packages[i]);
    if (deb.isEmpty()) continue;
    const auto field = run("dpkg-deb", {"-f", deb, "Version"});
    if (!field.started)
      throw std::runtime_error(
          QObject::tr("dpkg-deb is not on this computer: the demo corpus is made from Debian's packages.")
              .toStdString());
    const QString version = field.out;
    if (field.exit_code != 0 || version.isEmpty())
      throw std::runtime_error(
          QString("'%1' is not a Debian package: %2").arg(deb, firstLine(field.err)).toStdString());
    const QString target = cache.filePath("unpacked/" + packages[i] + "_" + version);
    if (!QFileInfo(target).isDir()) {
      QDir(target + ".partial").removeRecursively();
      const auto r = run("dpkg-deb", {"-x", deb, target + ".partial"});
      if (r.exit_code != 0)
        throw std::runtime_error(QString("cannot unpack '%1': %2").arg(deb, firstLine(r.err)).toStdString());
      if (!QDir().rename(target + ".partial", target))
        throw std::runtime_error(QString("cannot rename '%1.partial' to '%1'").arg(target).toStdString());
    }
    // Its Vietnamese catalogs, and the other languages' catalogs of the same programs (their msgids are the
    // programs' English: what no Vietnamese catalog holds becomes english.en, for back-translation).
    QStringList found;
    QMap<QString, QString>
        others;  // another language's catalog, by path: its path with its language left out
    static const QRegularExpression locale("^(.*/(?:locale|resource)/)([^/]+)(/LC_MESSAGES/[^/]+\\.mo)$");
    QSet<QString> domains;  // a Vietnamese catalog's path with its language left out
    QDirIterator it(target, {"*.mo"}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) {
      const QString path = it.next();
      const auto m = locale.match(path);
      if (!m.hasMatch()) continue;
      if (m.captured(2) == "vi") {
        found << path;
        domains.insert(m.captured(1) + m.captured(3));
      } else {
        others.insert(path, m.captured(1) + m.captured(3));
      }
    }
    std::sort(found.begin(), found.end());
    for (const auto& path : found)
      catalogs.push_back({packages[i].toStdString(), version.toStdString(), path.toStdString(),
                          path.mid(target.size()).toStdString()});
    for (auto other = others.cbegin(); other != others.cend(); ++other)
      if (domains.contains(other.value()))
        english.push_back({packages[i].toStdString(), version.toStdString(), other.key().toStdString(),
                           other.key().mid(target.size()).toStdString()});
  }
  result.catalogs = int(catalogs.size());
  if (catalogs.empty())
    throw std::runtime_error(
        QString("none of the %1 packages holds a Vietnamese catalog").arg(packages.size()).toStdString());
  log << catalogs.size() << " catalogs from " << packages.size() << " packages\n" << std::flush;
  check(progress, "build", 0, 1);
  const auto provenance = data::buildDemoCorpus(catalogs, result.outDir.toStdString(), log, english);
  result.pairs = provenance["totals"]["pairs"].get<qint64>();
  check(progress, "build", 1, 1);
  return result;
}

DemoCorpusSession::DemoCorpusSession(QObject* parent) : QObject(parent) {
  qRegisterMetaType<DemoCorpusFetch>();
  qRegisterMetaType<DemoCorpusFetched>();
}

DemoCorpusSession::~DemoCorpusSession() = default;  // the job stops and waits

void DemoCorpusSession::stop() { job_.stop(); }

void DemoCorpusSession::start(const DemoCorpusFetch& request) {
  const bool started = job_.start([this, request](BackgroundJob::Control& job) {
    try {
      std::ostringstream log;
      const auto result = fetchDemoCorpus(
          request,
          [this, &job](const QString& stage, int done, int total) {
            BackgroundJob::post(this, [this, stage, done, total] { Q_EMIT progress(stage, done, total); });
            return !job.stopRequested();
          },
          log);
      job.finish();
      BackgroundJob::post(this, [this, result] { Q_EMIT finished(result); });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, message = QString::fromUtf8(e.what()).section('\n', 0, 0)] {
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("The demo corpus is being fetched already."));
}

}  // namespace studio::app
