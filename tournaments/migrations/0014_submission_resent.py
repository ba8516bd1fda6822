from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_publishing"),
    ]

    operations = [
        migrations.AddField(
            model_name="tablesubmission",
            name="resent",
            field=models.BooleanField(default=False),
        ),
    ]
