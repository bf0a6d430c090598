#pragma once

#include <QObject>
#include <QString>
#include <QStringList>

#include <functional>
#include <ostream>

#include "app/BackgroundJob.h"

// The offline demo corpus from Debian's archive, for the first run of an
// installed app and for `demo-corpus --download`: the packages of a list
// fetched with `apt-get download` (no root needed) into a cache, unpacked
// with `dpkg-deb -x`, their Vietnamese gettext catalogs read, cleaned,
// deduplicated and split (data::buildDemoCorpus). A second run reuses the
// cache.
namespace studio::app {

struct DemoCorpusFetch {
  QString packagesFile;  // one package a line, # comments; "" = the list built in
  QString cacheDir;      // "" = <XDG cache>/attention-studio/debs
  QString outDir;        // "" = demoCorpusDir()
};

struct DemoCorpusFetched {
  QString outDir;
  int packages = 0;         // listed
  int downloaded = 0;       // fetched this time (the others were in the cache)
  QStringList unavailable;  // listed, but neither in the cache nor downloadable
  int catalogs = 0;         // Vietnamese catalogs found in them
  qint64 pairs = 0;         // sentence pairs kept, every split
};

// The packages of `packages_file` ("" = the list built in, the one
// scripts/demo-corpus reads). Throws std::runtime_error naming the file.
QStringList demoCorpusPackages(const QString& packages_file = {});

// Fetches, unpacks and builds; `progress(stage, done, total)` between
// packages ("download", "unpack", "build"), returning false stops (throws
// std::runtime_error saying so; the cache keeps what was fetched, the
// corpus is not written). Steps are told on `log`. Throws
// std::runtime_error with the reason and what to do: no apt-get (not
// Debian), none of the packages fetched (the package lists may need
// `apt-get update`), a package that does not unpack, no catalogs.
DemoCorpusFetched fetchDemoCorpus(const DemoCorpusFetch& request,
                                  const std::function<bool(const QString&, int, int)>& progress,
                                  std::ostream& log);

// fetchDemoCorpus on a thread of its own, for the first-run panel.
class DemoCorpusSession : public QObject {
  Q_OBJECT

 public:
  explicit DemoCorpusSession(QObject* parent = nullptr);
  ~DemoCorpusSession() override;  // stops and waits

  bool isRunning() const { return job_.isRunning(); }

 public Q_SLOTS:
  void start(const studio::app::DemoCorpusFetch& request = {});
  void stop();

 Q_SIGNALS:
  void progress(const QString& stage, int done, int total);
  void finished(const studio::app::DemoCorpusFetched& result);
  void failed(const QString& message);

 private:
  BackgroundJob job_{"demo-corpus"};
};

}  // namespace studio::app

Q_DECLARE_METATYPE(studio::app::DemoCorpusFetch)
Q_DECLARE_METATYPE(studio::app::DemoCorpusFetched)
