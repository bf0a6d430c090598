#include "app/training/DistillSession.h"

#include <QDateTime>
#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonArray>
#include <QJsonDocument>
#include <QLocale>

#include <sstream>

#include <nlohmann/json.hpp>

#include "app/translation/OpenModel.h"
#include "model/data/Corpus.h"
#include "model/decoding/Translator.h"
#include "model/runtime/Runtime.h"
#include "model/training/Distillation.h"
#include "model/training/FineTune.h"
#include "model/training/TrainingConfig.h"

namespace studio::app {

namespace {

QJsonObject readJsonObject(const QString& path) {
  QFile file(path);
  if (!file.open(QIODevice::ReadOnly)) return {};
  return QJsonDocument::fromJson(file.readAll()).object();
}

QString absolute(const QString& path) { return path.isEmpty() ? path : QFileInfo(path).absoluteFilePath(); }

}  // namespace

TeacherSource describeTeacher(const QString& model_path) {
  TeacherSource source;
  source.modelPath = model_path;
  try {
    const auto origin = model::findModelOrigin(model_path.toStdString());
    source.modelPath = absolute(QString::fromStdString(origin.model_path));
    source.spmPath = QString::fromStdString(origin.spm_path);
    source.runDir = QString::fromStdString(origin.run_dir);
    source.dataDir = QString::fromStdString(origin.data_dir);
    // A teacher that learnt from a distilled folder: the people's folder behind it.
    const DistillationRecord behind = readDistillation(source.dataDir);
    if (behind.valid && QFileInfo(behind.data).isDir()) source.dataDir = behind.data;

    // The teacher run's settings (its schedule and batches), its shape with one decoder layer.
    model::TrainingConfig config;
    const QJsonObject run = readJsonObject(QDir(source.runDir).filePath("config.json"));
    if (!source.runDir.isEmpty() && run["training"].isObject()) {
      try {
        config = model::trainingConfigFromJson(
            nlohmann::json::parse(QJsonDocument(run["training"].toObject()).toJson().toStdString()));
      } catch (const std::exception&) {
        config = {};  // a run's settings this version cannot read: the defaults, with the teacher's shape
      }
    }
    config.init_from = origin.model_path;
    model::adoptModelOptions(config);
    config.init_from.clear();
    config.init_optimizer = false;
    config.original_data.clear();
    config.replay_share = 0;
    config.model.decoder_layers = 1;
    source.studentSettings =
        QJsonDocument::fromJson(QByteArray::fromStdString(model::toJson(config).dump())).object();
  } catch (const std::exception& e) {
    source.error = QString::fromUtf8(e.what());
  }
  return source;
}

DistillationRecord readDistillation(const QString& dir) {
  DistillationRecord record;
  if (dir.isEmpty()) return record;
  const QJsonObject json = readJsonObject(QDir(dir).filePath("distillation.json"));
  const QJsonArray teachers = json["teacher"].toArray();
  if (teachers.isEmpty() || !QFileInfo(QDir(dir).filePath("summary.json")).isFile() ||
      !QFileInfo(QDir(dir).filePath("train.en")).isFile())
    return record;
  record.valid = true;
  record.teacher = absolute(teachers.first().toString());
  record.data = absolute(json["data"].toString());
  record.beam = json["beam"].toInt();
  record.int8 = json["int8"].toBool();
  record.pairs = json["training_pairs"].toInteger();
  record.kept = json["training_pairs_kept"].toInteger();
  record.identical = json["identical_to_reference"].toInteger();
  record.bleu = json["bleu_against_reference"].toDouble();
  record.seconds = json["seconds"].toDouble();
  return record;
}

QString describeDistillation(const DistillationRecord& record) {
  if (!record.valid) return {};
  const QLocale locale;
  const double share = record.pairs > 0 ? 100.0 * double(record.identical) / double(record.pairs) : 0.0;
  return DistillSession::tr(
             "Distilled by %1: %2 training pairs translated in %3 s (beam %4, %8); %5 % as the "
             "references have them, BLEU %6 against them; %7 pairs kept.")
      .arg(QDir::toNativeSeparators(record.teacher), locale.toString(record.pairs))
      .arg(record.seconds, 0, 'f', 0)
      .arg(record.beam)
      .arg(share, 0, 'f', 0)
      .arg(record.bleu, 0, 'f', 1)
      .arg(locale.toString(record.kept))
      .arg(record.int8 ? QStringLiteral("int8") : QStringLiteral("float32"));
}

bool isDistillationOf(const QString& dir, const QString& data_dir, const QString& teacher_model) {
  const DistillationRecord record = readDistillation(dir);
  if (!record.valid || record.teacher != absolute(teacher_model) || record.data != absolute(data_dir))
    return false;
  // A teacher written again since (a resumed run's best.pt) teaches something else.
  return QFileInfo(QDir(dir).filePath("distillation.json")).lastModified() >=
         QFileInfo(teacher_model).lastModified();
}

QString distilledDataDirFor(const QString& data_dir, const TeacherSource& teacher) {
  const QString& teacher_model = teacher.modelPath;
  const QString name = teacher.runDir.isEmpty() ? QFileInfo(teacher_model).completeBaseName()
                                                : QFileInfo(teacher.runDir).fileName();
  const QString base = QDir::cleanPath(absolute(data_dir)) + QStringLiteral("-distilled-by-") + name;
  for (int n = 1;; ++n) {
    const QString dir = n == 1 ? base : base + QStringLiteral("-%1").arg(n);
    if (!QFileInfo::exists(dir) || isDistillationOf(dir, data_dir, teacher_model)) return dir;
  }
}

DistillSession::DistillSession(QObject* parent) : QObject(parent) {}

DistillSession::~DistillSession() = default;  // the job stops and waits

bool DistillSession::isRunning() const { return job_.isRunning(); }

void DistillSession::stop() { job_.stop(); }

void DistillSession::start(const DistillRequest& request) {
  const bool started = job_.start([this, request](BackgroundJob::Control& job) {
    std::ostringstream log;
    auto said = [&log] { return QString::fromStdString(log.str()); };
    try {
      const auto device = request.int8 ? torch::Device(torch::kCPU)  // int8 is the CPU engine's
                                       : model::resolveDevice(request.device.toStdString());
      const auto teacher = openTranslator(request.teacherModel.toStdString(), device);
      model::DistillationOptions options;
      options.data_dir = request.dataDir.toStdString();
      options.out_dir = request.outDir.toStdString();
      options.decoding.beam_size = request.beam;
      options.decoding.int8 = request.int8;
      options.teacher_files = {absolute(request.teacherModel).toStdString()};
      options.stop = [&job] { return job.stopRequested(); };
      model::distillData(teacher, options, log, [this, &job](size_t done, size_t total) {
        // Stopped while the teacher translates: the distillation unwinds, as when stopped while preparing.
        if (job.stopRequested()) throw data::PreparationStopped();
        BackgroundJob::post(
            this, [this, done = qint64(done), total = qint64(total)] { Q_EMIT progress(done, total); });
      });
      job.finish();
      BackgroundJob::post(this, [this, text = said(), out = request.outDir] {
        Q_EMIT logText(text);
        Q_EMIT finished(out);
      });
    } catch (const data::PreparationStopped&) {  // nothing of it is left
      job.finish();
      BackgroundJob::post(this, [this, text = said()] {
        Q_EMIT logText(text);
        Q_EMIT stopped();
      });
    } catch (const std::exception& e) {
      job.finish();
      BackgroundJob::post(this, [this, text = said(), message = QString::fromUtf8(e.what())] {
        Q_EMIT logText(text);
        Q_EMIT failed(message);
      });
    }
  });
  if (!started) Q_EMIT failed(tr("A distillation is already running."));
}

}  // namespace studio::app
